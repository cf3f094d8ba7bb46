"""The engines: Polars, DuckDB and Spark (local[2]) give the answers of the functions on
strings."""

import os
import shutil
import sys

import pytest

import iriscan

ROWS = ["HTTP://Example.COM:80/a/./b", "http://a b/", None, "http://résumé.example.org/rosé"]
BASES = ["http://x/y/z", "http://x/", "http://x/", "../up"]
TEXTS = ["see http://a/b, and <http://例え.jp/パ>", "nothing here", None, "«http://ü.example/»."]


def scalar(f, *args, **kw):
    """`f` on strings, None where an argument is None or `f` raises IriError."""
    if any(a is None for a in args):
        return None
    try:
        return f(*args, **kw)
    except iriscan.IriError:
        return None


def parsed(s):
    p = scalar(iriscan.parse, s)
    return None if p is None else p.__dict__


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
    col = pl.col("url").iri
    frame = pl.DataFrame({"url": ROWS, "base": BASES, "text": TEXTS})
    out = frame.select(
        p=col.parse(), d=col.to_display(), u=col.to_uri(), l=col.lint(),
        r=col.resolve(pl.col("base")), rs=col.resolve("http://h/p/q"), rl=col.resolve(pl.lit("http://h/p/q")),
        rel=col.relativize(pl.col("base")),
        e=col.equivalent(pl.col("base"), level="scheme"), c=col.compare("http://example.com/a/b", level="scheme"),
        x=pl.col("text").iri.extract(), k=col.normalize(level="scheme", form="key"),
    )
    assert out["p"].to_list() == [parsed(s) for s in ROWS]
    assert out["d"].to_list() == [scalar(iriscan.to_display, s) for s in ROWS]
    assert out["u"].to_list() == [scalar(iriscan.to_uri, s) for s in ROWS]
    assert out["l"].to_list() == [scalar(iriscan.lint, s) for s in ROWS]
    assert out["r"].to_list() == [scalar(iriscan.resolve, s, b) for s, b in zip(ROWS, BASES)]
    assert out["rs"].to_list() == [scalar(iriscan.resolve, s, "http://h/p/q") for s in ROWS]
    assert out["rl"].to_list() == out["rs"].to_list()
    assert out["rel"].to_list() == [scalar(iriscan.relativize, s, b) for s, b in zip(ROWS, BASES)]
    dictionary = pl.DataFrame({"url": pl.Series(ROWS, dtype=pl.Categorical)})
    assert dictionary.select(col.normalize(level="scheme")).to_series().to_list() == expected()
    assert out["e"].to_list() == [scalar(iriscan.equivalent, s, b, level="scheme") for s, b in zip(ROWS, BASES)]
    assert out["c"].to_list() == [scalar(iriscan.compare, s, "http://example.com/a/b", level="scheme") for s in ROWS]
    assert out["c"].to_list()[0] == "equivalent"
    assert out["x"].to_list() == [
        None if t is None else [dict(start=a, end=b, iri=i) for a, b, i in iriscan.extract(t)] for t in TEXTS
    ]
    assert out["k"].to_list() == [scalar(iriscan.normalize, s, level="scheme", form="key") for s in ROWS]


def test_duckdb():
    duckdb = pytest.importorskip("duckdb")
    import iriscan.duckdb

    con = duckdb.connect()
    iriscan.duckdb.register(con)
    con.execute("CREATE TABLE t (i INTEGER, url VARCHAR)")
    con.executemany("INSERT INTO t VALUES (?, ?)", list(enumerate(ROWS)))
    got = [r[0] for r in con.sql("SELECT iri_normalize(url, 'scheme') FROM t ORDER BY i").fetchall()]
    assert got == expected()
    con.execute("CREATE TABLE l (i INTEGER, url VARCHAR, base VARCHAR, text VARCHAR)")
    con.executemany("INSERT INTO l VALUES (?, ?, ?, ?)", [(i, *r) for i, r in enumerate(zip(ROWS, BASES, TEXTS))])
    rows = con.sql("""SELECT iri_parse(url), iri_to_display(url), iri_to_uri(url), iri_to_iri(url),
                             iri_resolve(url, base), iri_equivalent(url, base, 'scheme'), iri_extract(text),
                             iri_is_valid(url)
                      FROM l ORDER BY i""").fetchall()
    for (p, d, u, i, r, e, x, v), s, b, t in zip(rows, ROWS, BASES, TEXTS):
        assert p == parsed(s)
        assert (d, u, i) == (scalar(iriscan.to_display, s), scalar(iriscan.to_uri, s), scalar(iriscan.to_iri, s))
        assert r == scalar(iriscan.resolve, s, b)
        assert e == scalar(iriscan.equivalent, s, b, level="scheme")
        assert x == (None if t is None else [found for _, _, found in iriscan.extract(t)])
        assert v == (None if s is None else iriscan.is_valid(s))
    levels = ["simple", "scheme", None, "syntax"]
    con.execute("CREATE TABLE v (i INTEGER, url VARCHAR, level VARCHAR)")
    con.executemany("INSERT INTO v VALUES (?, ?, ?)", [(i, u, lv) for i, (u, lv) in enumerate(zip(ROWS, levels))])
    rows = con.sql("""SELECT iri_normalize(url, level), iri_compare(url, 'http://example.com/a/b', level),
                             iri_check(url), iri_lint(url), iri_relativize(url, 'http://x/')
                      FROM v ORDER BY i""").fetchall()
    for (n, c, e, lints, rel), s, lv in zip(rows, ROWS, levels):
        assert n == (None if lv is None else scalar(iriscan.normalize, s, level=lv))
        assert c == (None if lv is None else scalar(iriscan.compare, s, "http://example.com/a/b", level=lv))
        err = None if s is None else iriscan.check(s)
        assert e == (None if err is None else {"kind": err.kind, "offset": err.offset, "message": err.message})
        assert lints == scalar(iriscan.lint, s)
        assert rel == scalar(iriscan.relativize, s, "http://x/")


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


def test_spark_functions_of_parts_pairs_and_text(spark):
    from pyspark.sql.functions import lit

    from iriscan.spark import (iri_equivalent, iri_extract, iri_parse, iri_resolve, iri_to_display,
                               iri_to_iri, iri_to_uri)

    df = spark.createDataFrame([(i, *r) for i, r in enumerate(zip(ROWS, BASES, TEXTS))],
                               "i int, url string, base string, text string")
    rows = df.orderBy("i").select(
        iri_parse("url").alias("p"), iri_to_display("url").alias("d"),
        iri_to_display("url", visual=True).alias("dv"), iri_to_uri("url").alias("u"),
        iri_to_iri("url").alias("t"), iri_resolve("url", "base").alias("r"),
        iri_resolve("url", lit("http://h/p/q")).alias("rs"),
        iri_equivalent("url", "base", level="scheme").alias("e"), iri_extract("text").alias("x"),
    ).collect()
    for row, s, b, t in zip(rows, ROWS, BASES, TEXTS):
        assert (row.p.asDict() if row.p else None) == parsed(s)
        assert (row.d, row.u, row.t) == (scalar(iriscan.to_display, s), scalar(iriscan.to_uri, s),
                                         scalar(iriscan.to_iri, s))
        assert row.dv == scalar(iriscan.to_display, s, visual=True)
        assert row.r == scalar(iriscan.resolve, s, b)
        assert row.rs == scalar(iriscan.resolve, s, "http://h/p/q")
        assert row.e == scalar(iriscan.equivalent, s, b, level="scheme")
        assert row.x == (None if t is None else [found for _, _, found in iriscan.extract(t)])


def test_the_readme_spark_job(spark, tmp_path):
    import pathlib
    import re

    readme = (pathlib.Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    job = next(b for b in re.findall(r"```python\n(.*?)```", readme, re.S) if "iriscan.spark" in b)
    urls = ["http://www.Example.co.uk/a?utm_source=x", "HTTP://WWW.example.co.uk:80/a", "http://b.github.io/",
            "http://a b/", "http://例え.jp/"]
    spark.createDataFrame([(u,) for u in urls], "url string").write.parquet(str(tmp_path / "crawl.parquet"))
    job = job.replace('"crawl.parquet"', repr(str(tmp_path / "crawl.parquet")))
    job = job.replace('"unique.parquet"', repr(str(tmp_path / "unique.parquet")))
    exec(job, {})
    rows = spark.read.parquet(str(tmp_path / "unique.parquet")).collect()
    keys = {scalar(iriscan.normalize, u, level="protocol", form="key", drop_tracking=True) for u in urls}
    assert sorted((r.key or "") for r in rows) == sorted((k or "") for k in keys)
    sites = {r.key: r.site for r in rows}
    assert sites[iriscan.normalize(urls[0], level="protocol", form="key", drop_tracking=True)] == "example.co.uk"
    assert len(rows) == 4
