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
>>> con.sql("SELECT iri_parse('https://www.例え.co.jp/p').registrable_domain").fetchall()
[('例え.co.jp',)]
>>> con.sql("SELECT unnest(iri_extract('see http://a/b, or <http://c/>'))").fetchall()
[('http://a/b',), ('http://c/',)]
"""

import duckdb

from iriscan import arrow

try:
    from duckdb.sqltypes import BOOLEAN, VARCHAR
except ImportError:  # DuckDB before 1.4
    from duckdb.typing import BOOLEAN, VARCHAR


def _first(column, default: str) -> str:
    """The value of a constant argument (DuckDB passes it as a column)."""
    return column[0].as_py() if len(column) else default




def register(con: duckdb.DuckDBPyConnection) -> None:
    """Creates these functions on the connection `con` (null where the input is null or not an
    IRI reference):

    - `iri_is_valid(url)`: BOOLEAN
    - `iri_normalize(url, level)`: level simple, syntax, scheme or protocol
    - `iri_to_uri(url)`, `iri_to_iri(url)`, `iri_to_display(url)`
    - `iri_parse(url)`: a STRUCT of the components, `.host`, `.registrable_domain`, ...
    - `iri_resolve(reference, base)`
    - `iri_equivalent(a, b, level)`: BOOLEAN, null where it cannot tell
    - `iri_extract(text)`: VARCHAR[], the IRIs in running text
    """
    parsed = duckdb.struct_type({name: VARCHAR for name in arrow.PARSE_FIELDS})
    functions = [
        ("iri_is_valid", lambda a: arrow.is_valid(a), [VARCHAR], BOOLEAN),
        ("iri_normalize", lambda a, level: arrow.normalize(a, level=_first(level, "syntax")),
         [VARCHAR, VARCHAR], VARCHAR),
        ("iri_to_uri", lambda a: arrow.to_uri(a), [VARCHAR], VARCHAR),
        ("iri_to_iri", lambda a: arrow.to_iri(a), [VARCHAR], VARCHAR),
        ("iri_to_display", lambda a: arrow.to_display(a), [VARCHAR], VARCHAR),
        ("iri_parse", lambda a: arrow.parse(a), [VARCHAR], parsed),
        ("iri_resolve", lambda r, b: arrow.resolve(r, b), [VARCHAR, VARCHAR], VARCHAR),
        ("iri_equivalent", lambda a, b, level: arrow.equivalent(a, b, level=_first(level, "syntax")),
         [VARCHAR, VARCHAR, VARCHAR], BOOLEAN),
        ("iri_extract", lambda t: arrow.extract_iris(t), [VARCHAR], duckdb.list_type(VARCHAR)),
    ]
    for name, f, parameters, result in functions:
        con.create_function(name, f, parameters, result, type="arrow", null_handling="special")
