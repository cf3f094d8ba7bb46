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
    from duckdb.sqltypes import BOOLEAN, UBIGINT, VARCHAR
except ImportError:  # DuckDB before 1.4
    from duckdb.typing import BOOLEAN, UBIGINT, VARCHAR


def _per_value(f, column, option, name: str, *args):
    """`f(column, *args, name=value)` for each row, `value` being that row's in `option` (DuckDB
    passes a constant argument as a column too, and it may differ from row to row); null where
    `option` is null."""
    import pyarrow as pa
    import pyarrow.compute as pc

    values = [v for v in pc.unique(option).to_pylist() if v is not None] or ["syntax"]
    out = pa.array(f(column, *args, **{name: values[0]}))
    for value in values[1:]:
        out = pc.if_else(pc.equal(option, value), pa.array(f(column, *args, **{name: value})), out)
    if option.null_count:
        out = pc.if_else(pc.is_null(option), pa.nulls(len(option), out.type), out)
    return out


def register(con: duckdb.DuckDBPyConnection) -> None:
    """Creates these functions on the connection `con` (null where the input is null or not an
    IRI reference; a `level` may differ from row to row):

    - `iri_is_valid(url)`: BOOLEAN
    - `iri_check(url)`: a STRUCT `kind`, `offset`, `message`, null for an IRI reference
    - `iri_normalize(url, level)`: level simple, syntax, scheme or protocol
    - `iri_to_uri(url)`, `iri_to_iri(url)`, `iri_to_display(url)`
    - `iri_parse(url)`: a STRUCT of the components, `.host`, `.registrable_domain`, ...
    - `iri_lint(url)`: a LIST of STRUCTs `code`, `severity`, `component`, `offset`, `length`,
      `message`
    - `iri_resolve(reference, base)`, `iri_relativize(url, base)`
    - `iri_compare(a, b, level)`: 'equivalent', 'different' or 'cannot tell'
    - `iri_equivalent(a, b, level)`: BOOLEAN, null where it cannot tell
    - `iri_extract(text)`: VARCHAR[], the IRIs in running text
    """
    parsed = duckdb.struct_type({name: VARCHAR for name in arrow.PARSE_FIELDS})
    error = duckdb.struct_type({"kind": VARCHAR, "offset": UBIGINT, "message": VARCHAR})
    lint = duckdb.list_type(duckdb.struct_type({
        "code": VARCHAR, "severity": VARCHAR, "component": VARCHAR, "offset": UBIGINT,
        "length": UBIGINT, "message": VARCHAR,
    }))
    functions = [
        ("iri_is_valid", lambda a: arrow.is_valid(a), [VARCHAR], BOOLEAN),
        ("iri_check", lambda a: arrow.check(a), [VARCHAR], error),
        ("iri_normalize", lambda a, level: _per_value(arrow.normalize, a, level, "level"),
         [VARCHAR, VARCHAR], VARCHAR),
        ("iri_to_uri", lambda a: arrow.to_uri(a), [VARCHAR], VARCHAR),
        ("iri_to_iri", lambda a: arrow.to_iri(a), [VARCHAR], VARCHAR),
        ("iri_to_display", lambda a: arrow.to_display(a), [VARCHAR], VARCHAR),
        ("iri_parse", lambda a: arrow.parse(a), [VARCHAR], parsed),
        ("iri_lint", lambda a: arrow.lint(a), [VARCHAR], lint),
        ("iri_resolve", lambda r, b: arrow.resolve(r, b), [VARCHAR, VARCHAR], VARCHAR),
        ("iri_relativize", lambda t, b: arrow.relativize(t, b), [VARCHAR, VARCHAR], VARCHAR),
        ("iri_compare", lambda a, b, level: _per_value(arrow.compare, a, level, "level", b),
         [VARCHAR, VARCHAR, VARCHAR], VARCHAR),
        ("iri_equivalent", lambda a, b, level: _per_value(arrow.equivalent, a, level, "level", b),
         [VARCHAR, VARCHAR, VARCHAR], BOOLEAN),
        ("iri_extract", lambda t: arrow.extract_iris(t), [VARCHAR], duckdb.list_type(VARCHAR)),
    ]
    for name, f, parameters, result in functions:
        con.create_function(name, f, parameters, result, type="arrow", null_handling="special")
