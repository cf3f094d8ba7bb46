"""Polars: an expression namespace `iri` over the functions on columns.

>>> import polars as pl
>>> import iriscan.polars  # registers the namespace
>>> df = pl.DataFrame({"url": ["HTTP://Example.COM:80/a/./b", "http://a b/", None]})
>>> df.select(pl.col("url").iri.normalize(level="scheme")).to_series().to_list()
['http://example.com/a/b', None, None]
>>> df.select(pl.col("url").iri.is_valid()).to_series().to_list()
[True, False, None]
>>> links = pl.DataFrame({"page": ["http://a/b/c", "http://x/"], "href": ["../d", "?q"]})
>>> links.select(pl.col("href").iri.resolve(pl.col("page"))).to_series().to_list()
['http://a/d', 'http://x/?q']
>>> df.select(pl.col("url").iri.parse().struct.field("host")).to_series().to_list()
['Example.COM', None, None]

With `errors="raise"`, Polars raises the error as its own, with the message alone: the row it
names counts from the start of the batch Polars handed over, which is the column's only where
the column is one batch (`errors="null"` and a filter on the nulls find every row).
"""

from typing import Callable, Iterable, Union

import polars as pl

from iriscan import arrow

PARSED = pl.Struct({name: pl.String for name in arrow.PARSE_FIELDS})
ERROR = pl.Struct({"kind": pl.String, "offset": pl.UInt64, "message": pl.String})
LINTS = pl.List(pl.Struct({
    "code": pl.String, "severity": pl.String, "component": pl.String, "offset": pl.UInt64,
    "length": pl.UInt64, "message": pl.String,
}))
FOUND = pl.List(pl.Struct({"start": pl.UInt64, "end": pl.UInt64, "iri": pl.String}))


@pl.api.register_expr_namespace("iri")
class IriNamespace:
    """`pl.col(...).iri`: the functions of `iriscan.arrow` on a column of strings, each with the
    options of the function on strings of the same name."""

    def __init__(self, expr: pl.Expr) -> None:
        self._expr = expr

    def _one(self, f: Callable, dtype, **kw) -> pl.Expr:
        def batch(series: pl.Series) -> pl.Series:
            return pl.Series(series.name, f(series.to_arrow(), **kw))

        return self._expr.map_batches(batch, return_dtype=dtype, is_elementwise=True)

    def _two(self, f: Callable, other: Union[str, pl.Expr], dtype, **kw) -> pl.Expr:
        if isinstance(other, str):
            return self._one(lambda a, **k: f(a, other, **k), dtype, **kw)

        def batch(series: "list[pl.Series]") -> pl.Series:
            a, b = series
            return pl.Series(a.name, f(a.to_arrow(), b.to_arrow(), **kw))

        return pl.map_batches([self._expr, other], batch, return_dtype=dtype, is_elementwise=True)

    def is_valid(self, grammar: str = "iri-ref", mode: str = "strict") -> pl.Expr:
        """Booleans: whether each row, read by `mode`, is of `grammar`."""
        return self._one(arrow.is_valid, pl.Boolean, grammar=grammar, mode=mode)

    def check(self, grammar: str = "iri-ref", mode: str = "strict") -> pl.Expr:
        """A struct `kind`, `offset`, `message` per row that is not of `grammar`, else null."""
        return self._one(arrow.check, ERROR, grammar=grammar, mode=mode)

    def parse(self, grammar: str = "iri-ref", errors: str = "null", **options) -> pl.Expr:
        """A struct of the components per row (`.struct.field("host")`); `mode`, `icann_only`."""
        return self._one(arrow.parse, PARSED, grammar=grammar, errors=errors, **options)

    def normalize(self, level: str = "syntax", errors: str = "null", **options) -> pl.Expr:
        """Each row normalized at `level`, with the options of `iriscan.arrow.normalize` (form,
        sort_query, drop_tracking, ...)."""
        return self._one(arrow.normalize, pl.String, level=level, errors=errors, **options)

    def to_uri(self, host: str = "auto", errors: str = "null", **options) -> pl.Expr:
        """Each row mapped to a URI; `query_charset`, `mode`."""
        return self._one(arrow.to_uri, pl.String, host=host, errors=errors, **options)

    def to_iri(self, to_unicode: bool = True, errors: str = "null") -> pl.Expr:
        """Each row, a URI reference, mapped to an IRI."""
        return self._one(arrow.to_iri, pl.String, to_unicode=to_unicode, errors=errors)

    def to_display(self, embedding: str = "lre", ascii: bool = False, visual: bool = False,
                   as_written: bool = False, errors: str = "null") -> pl.Expr:
        """Each row in the form to show a person."""
        return self._one(arrow.to_display, pl.String, embedding=embedding, ascii=ascii,
                         visual=visual, as_written=as_written, errors=errors)

    def lint(self, errors: str = "null") -> pl.Expr:
        """A list of lints per row."""
        return self._one(arrow.lint, LINTS, errors=errors)

    def extract(self, schemes: "Iterable[str] | None" = None, www: bool = False,
                mode: str = "strict") -> pl.Expr:
        """A list per row of the IRIs in its text (`start`, `end`, `iri`)."""
        # Read once: each batch is given the same names (a generator would be used up by the
        # first); a string is refused by `arrow.extract` as it is.
        if schemes is not None and not isinstance(schemes, str):
            schemes = list(schemes)
        return self._one(arrow.extract, FOUND, schemes=schemes, www=www, mode=mode)

    def resolve(self, base: Union[str, pl.Expr], errors: str = "null") -> pl.Expr:
        """Each row resolved against `base`: one IRI, or a column of them."""
        return self._two(arrow.resolve, base, pl.String, errors=errors)

    def relativize(self, base: Union[str, pl.Expr], errors: str = "null") -> pl.Expr:
        """The shortest reference to each row from `base`: one IRI, or a column of them."""
        return self._two(arrow.relativize, base, pl.String, errors=errors)

    def compare(self, other: Union[str, pl.Expr], level: str = "syntax", **options) -> pl.Expr:
        """"equivalent", "different" or "cannot tell" for each row and `other`'s."""
        return self._two(arrow.compare, other, pl.String, level=level, **options)

    def equivalent(self, other: Union[str, pl.Expr], level: str = "syntax", **options) -> pl.Expr:
        """Booleans: each row equivalent to `other`'s at `level`; null where it cannot tell."""
        return self._two(arrow.equivalent, other, pl.Boolean, level=level, **options)
