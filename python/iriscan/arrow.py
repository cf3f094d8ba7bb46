"""The functions on Arrow columns: each takes a whole array of strings (`string`,
`large_string` or `string_view`), or a chunked array or stream of them, through the Arrow
PyCapsule interface (`__arrow_c_array__`, `__arrow_c_stream__`), from pyarrow, Polars, DuckDB,
arro3 or pandas, without a copy; works on several cores without the GIL; and returns an
array of the same length: a pyarrow array when pyarrow is importable, else an object with
`__arrow_c_array__`. A dictionary of strings (a categorical) is read through its dictionary, a
column of nulls alone is nulls. Nulls stay null; with `errors="null"` (the default) a row that
is not an IRI, or that cannot be mapped, is null, with `errors="raise"` the first raises
`IriError` (its `row` attribute says which). A column of strings comes back as `string`, or as
`large_string` when it holds 2 GiB or more.

>>> import pyarrow as pa
>>> from iriscan import arrow
>>> arrow.is_valid(pa.array(["http://a/", "http://a b/", None])).to_pylist()
[True, False, None]
>>> arrow.normalize(pa.array(["HTTP://Example.COM:80/a/./b", None]), level="scheme").to_pylist()
['http://example.com/a/b', None]
>>> arrow.check(pa.array(["http://a b/", "http://a/"])).to_pylist()[0]["kind"]
'invalid_character'
>>> arrow.resolve(pa.array(["../d", "#f", None]), "http://a/b/c").to_pylist()
['http://a/d', 'http://a/b/c#f', None]
>>> arrow.equivalent(pa.array(["http://a/%7e", "http://a/b"]), pa.array(["http://a/~", "http://a/c"])).to_pylist()
[True, False]
>>> arrow.extract(pa.array(["see http://例え.jp/パス. or <http://a/b>"])).to_pylist()[0]
[{'start': 4, 'end': 19, 'iri': 'http://例え.jp/パス'}, {'start': 25, 'end': 35, 'iri': 'http://a/b'}]
"""

from typing import Any, Iterable

from iriscan._iriscan import arrow as _columns


def _operand(b: Any) -> Any:
    """`b` as a string when it is one value (a pyarrow scalar), else as it is (a string or a
    column)."""
    if hasattr(b, "as_py") and not hasattr(b, "__arrow_c_array__") and not hasattr(b, "__arrow_c_stream__"):
        return b.as_py()
    return b


#: The fields of `parse`'s structs, in order: strings, null when absent.
PARSE_FIELDS: "tuple[str, ...]" = tuple(_columns.PARSE_FIELDS)


def is_valid(array: Any, grammar: str = "iri-ref", mode: str = "strict") -> Any:
    """Booleans: whether each row, read by `mode` (strict, leiri, href), is of `grammar`."""
    return _columns.is_valid(array, grammar=grammar, mode=mode)


def check(array: Any, grammar: str = "iri-ref", mode: str = "strict") -> Any:
    """A struct per row, `kind`, `offset` (in characters) and `message`, null where the row is
    of `grammar` (or null)."""
    return _columns.check(array, grammar=grammar, mode=mode)


def parse(array: Any, grammar: str = "iri-ref", mode: str = "strict", icann_only: bool = False,
          errors: str = "null") -> Any:
    """A struct per row: the fields of `iriscan.Parsed` (`PARSE_FIELDS`); null where the row
    is not of `grammar` (or null)."""
    return _columns.parse(array, grammar=grammar, mode=mode, icann_only=icann_only, errors=errors)


def normalize(array: Any, level: str = "syntax", errors: str = "null", nfc: bool = False,
              nfkc: bool = False, form: str = "normal", exclude_fragment: bool = False,
              sort_query: bool = False, form_query: bool = False,
              drop_params: "list[str] | None" = None, drop_tracking: bool = False,
              strip_www: bool = False, base: "str | None" = None) -> Any:
    """Strings: each row normalized at `level` (simple, syntax, scheme, protocol), or its
    comparison key (`form="key"`) or canonical form (`form="canonical"`), with the protocol
    rules asked for, as `iriscan.normalize` gives them; a relative reference has a key
    against `base`."""
    return _columns.normalize(
        array, level=level, errors=errors, nfc=nfc, nfkc=nfkc, form=form,
        exclude_fragment=exclude_fragment, sort_query=sort_query, form_query=form_query,
        drop_params=drop_params, drop_tracking=drop_tracking, strip_www=strip_www, base=base)


def to_uri(array: Any, host: str = "auto", query_charset: "str | None" = None,
           mode: str = "strict", errors: str = "null") -> Any:
    """Strings: each row mapped to a URI (3987bis 3.6)."""
    return _columns.to_uri(array, host=host, query_charset=query_charset, mode=mode,
                           errors=errors)


def to_iri(array: Any, to_unicode: bool = True, errors: str = "null") -> Any:
    """Strings: each row, a URI reference, mapped to an IRI (3987bis 3.7)."""
    return _columns.to_iri(array, to_unicode, errors)


def to_display(array: Any, embedding: str = "lre", ascii: bool = False, visual: bool = False,
               as_written: bool = False, errors: str = "null") -> Any:
    """Strings: the form of each row to show a person (3987bis 4.1, 8.6), as
    `iriscan.to_display` gives it."""
    return _columns.to_display(array, embedding, ascii, visual, as_written, errors)


def lint(array: Any, errors: str = "null") -> Any:
    """A list per row of its lints, each a struct `code`, `severity`, `component`, `offset` and
    `length` (in characters) and `message`; an empty list for a row without lints, null where
    the row is not an IRI reference."""
    return _columns.lint(array, errors)


def extract(array: Any, schemes: "Iterable[str] | None" = None, www: bool = False,
            mode: str = "strict") -> Any:
    """A list per row of the IRIs in its text, each a struct `start`, `end` (in characters)
    and `iri`, as `iriscan.extract` finds them."""
    return _columns.extract(array, schemes, www, mode)


def extract_iris(array: Any, schemes: "Iterable[str] | None" = None, www: bool = False,
                 mode: str = "strict") -> Any:
    """A list of strings per row: the IRIs `extract` finds, alone (this one needs pyarrow).

    >>> import pyarrow as pa
    >>> extract_iris(pa.array(["see http://a/b, or <http://c/>", "none", None])).to_pylist()
    [['http://a/b', 'http://c/'], [], None]
    """
    import pyarrow as pa

    found = pa.array(extract(array, schemes, www, mode))
    return pa.ListArray.from_arrays(found.offsets, found.values.field("iri"), mask=found.is_null())


def compare(a: Any, b: Any, level: str = "syntax", base: "str | None" = None,
            exclude_fragment: bool = False, errors: str = "null", **rules: Any) -> Any:
    """Strings: for each row of `a` and the same row of `b` (a column of the same length, or
    one string, or a column of one row, for every row), "equivalent", "different" or "cannot
    tell" at `level`; null where either is null or not an IRI reference. `rules`: the protocol
    rules of `normalize` (`sort_query`, `form_query`, `drop_params`, `drop_tracking`,
    `strip_www`)."""
    return _columns.compare(a, _operand(b), level, base, exclude_fragment, errors, **rules)


def equivalent(a: Any, b: Any, level: str = "syntax", base: "str | None" = None,
               exclude_fragment: bool = False, errors: str = "null", **rules: Any) -> Any:
    """Booleans: `compare`'s verdicts as True and False, null where it cannot tell."""
    return _columns.equivalent(a, _operand(b), level, base, exclude_fragment, errors, **rules)


def resolve(array: Any, base: Any, errors: str = "null") -> Any:
    """Strings: each row, a reference, resolved against `base` (one IRI for every row, or a
    column of them: the page each link was found on) by RFC 3986 5.2. A `base` string that is not
    an IRI raises `IriError`; in a column, its rows are null."""
    return _columns.resolve(array, _operand(base), errors)


def relativize(array: Any, base: Any, errors: str = "null") -> Any:
    """Strings: the shortest reference to each row from `base` (one IRI, or a column)."""
    return _columns.relativize(array, _operand(base), errors)


__all__ = [
    "PARSE_FIELDS",
    "check",
    "compare",
    "equivalent",
    "extract",
    "extract_iris",
    "is_valid",
    "lint",
    "normalize",
    "parse",
    "relativize",
    "resolve",
    "to_display",
    "to_iri",
    "to_uri",
]
