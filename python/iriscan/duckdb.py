"""DuckDB: SQL functions over the functions on columns, as Arrow UDFs (DuckDB needs numpy for
them).

>>> import duckdb
>>> import iriscan.duckdb
>>> con = duckdb.connect()
>>> iriscan.duckdb.register(con)
>>> con.sql("SELECT iri_normalize('HTTP://Example.COM:80/a/./b', 'scheme') AS n").fetchall()
[('http://example.com/a/b',)]
>>> con.sql("SELECT iri_is_valid(u) FROM (VALUES ('http://a/'), ('http://a b/')) t(u)").fetchall()
[(True,), (False,)]
"""

from iriscan import arrow


def register(con) -> None:
    """Creates `iri_is_valid(url)`, `iri_normalize(url, level)`, `iri_to_uri(url)` and
    `iri_to_iri(url)` on the connection `con`."""
    try:
        from duckdb.sqltypes import BOOLEAN, VARCHAR
    except ImportError:  # DuckDB before 1.4
        from duckdb.typing import BOOLEAN, VARCHAR

    con.create_function("iri_is_valid", lambda a: arrow.is_valid(a), [VARCHAR], BOOLEAN,
                        type="arrow", null_handling="special")
    con.create_function("iri_normalize", lambda a, level: arrow.normalize(a, level=level[0].as_py()),
                        [VARCHAR, VARCHAR], VARCHAR, type="arrow", null_handling="special")
    con.create_function("iri_to_uri", lambda a: arrow.to_uri(a), [VARCHAR], VARCHAR,
                        type="arrow", null_handling="special")
    con.create_function("iri_to_iri", lambda a: arrow.to_iri(a), [VARCHAR], VARCHAR,
                        type="arrow", null_handling="special")
