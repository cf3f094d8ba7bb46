"""The engines: Polars, DuckDB and Spark (local[2]) give the answers of the functions on
strings."""

import os
import shutil
import sys

import pytest

import iriscan

ROWS = ["HTTP://Example.COM:80/a/./b", "http://a b/", None, "http://résumé.example.org/rosé"]


def expected(level="scheme"):
    out = []
    for s in ROWS:
        try:
            out.append(None if s is None else iriscan.normalize(s, level=level))
        except iriscan.IriError:
            out.append(None)
    return out


def test_polars():
    pl = pytest.importorskip("polars")
    import iriscan.polars  # noqa: F401

    df = pl.DataFrame({"url": ROWS})
    got = df.select(pl.col("url").iri.normalize(level="scheme")).to_series().to_list()
    assert got == expected()
    assert df.select(pl.col("url").iri.is_valid()).to_series().to_list() == [True, False, None, True]


def test_duckdb():
    duckdb = pytest.importorskip("duckdb")
    import iriscan.duckdb

    con = duckdb.connect()
    iriscan.duckdb.register(con)
    con.execute("CREATE TABLE t (i INTEGER, url VARCHAR)")
    con.executemany("INSERT INTO t VALUES (?, ?)", list(enumerate(ROWS)))
    got = [r[0] for r in con.sql("SELECT iri_normalize(url, 'scheme') FROM t ORDER BY i").fetchall()]
    assert got == expected()


@pytest.fixture(scope="module")
def spark():
    pyspark = pytest.importorskip("pyspark", reason="pyspark is not installed")
    if shutil.which("java") is None:
        pytest.skip("Spark needs Java, which is not on this machine")
    if tuple(int(x) for x in pyspark.__version__.split(".")[:2]) < (4, 1):
        pytest.skip("arrow_udf needs Spark 4.1")
    from pyspark.sql import SparkSession

    os.environ["PYSPARK_PYTHON"] = sys.executable
    local = SparkSession.builder.master("local[2]").appName("iriscan").getOrCreate()
    yield local
    local.stop()


def test_spark(spark):
    from iriscan.spark import iri_is_valid, iri_normalize

    df = spark.createDataFrame([(i, u) for i, u in enumerate(ROWS)], "i int, url string")
    rows = df.orderBy("i").select(iri_normalize("url", level="scheme").alias("n"),
                                  iri_is_valid("url").alias("v")).collect()
    assert [r.n for r in rows] == expected()
    assert [r.v for r in rows] == [True, False, None, True]
