"""Spark in local[2]: rows per second of `iriscan.spark.iri_normalize` against a Python UDF that
normalizes with `urllib.parse`, on the bench corpus of `data/bench/` (URLs and IRIs, repeated
to a million rows) read from Parquet; each query written to Spark's `noop` sink, best of 3.

    .venv/bin/python python/bench/spark.py

The UDF does less than iriscan at the scheme level: case of the scheme and the host, the
default port, dot segments; it does not validate, map hosts with IDNA, or normalize
percent-encodings.
"""

import os
import pathlib
import sys
import tempfile
import time
import urllib.parse

import pyarrow as pa
import pyarrow.parquet as pq
from pyspark.sql import SparkSession
from pyspark.sql.functions import udf

from iriscan.spark import iri_normalize

from columns import best  # the timing of the column bench, beside this file

DATA = pathlib.Path(__file__).resolve().parents[2] / "data" / "bench"
ROWS = 1_000_000
DEFAULT_PORTS = {"http": 80, "https": 443, "ftp": 21, "ws": 80, "wss": 443}


def remove_dot_segments(path):
    """RFC 3986 5.2.4, by segments."""
    out = []
    for segment in path.split("/"):
        if segment == "..":
            if len(out) > 1:
                out.pop()
        elif segment != ".":
            out.append(segment)
    trailing = path.endswith(("/.", "/.."))
    return "/".join(out) + ("/" if trailing else "")


def urllib_normalize(url):
    try:
        p = urllib.parse.urlsplit(url)
        host = p.hostname or ""
        port = p.port
        if port is not None and port != DEFAULT_PORTS.get(p.scheme.lower()):
            host = f"{host}:{port}"
        if p.username is not None:
            host = p.netloc.rsplit("@", 1)[0] + "@" + host
        return urllib.parse.urlunsplit((p.scheme.lower(), host, remove_dot_segments(p.path), p.query, p.fragment))
    except ValueError:
        return None


def main():
    lines = []
    for name in ["urls.txt", "iris.txt"]:
        lines += (DATA / name).read_text(encoding="utf-8").splitlines()
    rows = (lines * (ROWS // len(lines) + 1))[:ROWS]
    os.environ["PYSPARK_PYTHON"] = sys.executable
    spark = (SparkSession.builder.master("local[2]").appName("iriscan-bench")
             .config("spark.ui.showConsoleProgress", "false").getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    with tempfile.TemporaryDirectory() as tmp:
        path = str(pathlib.Path(tmp) / "urls.parquet")
        pq.write_table(pa.table({"url": rows}), path)
        df = spark.read.parquet(path).cache()
        df.count()
        normalize_with_urllib = udf(urllib_normalize, "string")
        for name, column in [
            ("iriscan.spark.iri_normalize (scheme)", iri_normalize("url", level="scheme")),
            ("urllib.parse UDF", normalize_with_urllib("url")),
        ]:
            t = best(runs=3, f=lambda: df.select(column.alias("n")).write.format("noop").mode("overwrite").save())
            print(f"{name:40} {ROWS / t / 1e6:6.2f} M rows/s ({t:.2f} s)")
    spark.stop()


if __name__ == "__main__":
    main()
