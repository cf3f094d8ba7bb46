"""Polars: an expression namespace `iri` over the functions on columns.

>>> import polars as pl
>>> import iriscan.polars  # registers the namespace
>>> df = pl.DataFrame({"url": ["HTTP://Example.COM:80/a/./b", "http://a b/", None]})
>>> df.select(pl.col("url").iri.normalize(level="scheme")).to_series().to_list()
['http://example.com/a/b', None, None]
>>> df.select(pl.col("url").iri.is_valid()).to_series().to_list()
[True, False, None]
"""

import polars as pl

from iriscan import arrow


def _over(f, **kw):
    def batch(series: pl.Series) -> pl.Series:
        return pl.Series(series.name, f(series.to_arrow(), **kw))

    return batch


@pl.api.register_expr_namespace("iri")
class IriNamespace:
    """`pl.col(...).iri`: the functions of `iriscan.arrow` on a column of strings."""

    def __init__(self, expr: pl.Expr) -> None:
        self._expr = expr

    def is_valid(self, grammar: str = "iri-ref") -> pl.Expr:
        """Booleans: whether each row is of `grammar`."""
        return self._expr.map_batches(_over(arrow.is_valid, grammar=grammar), return_dtype=pl.Boolean)

    def normalize(self, level: str = "syntax", errors: str = "null") -> pl.Expr:
        """Each row normalized at `level`."""
        return self._expr.map_batches(_over(arrow.normalize, level=level, errors=errors), return_dtype=pl.String)

    def to_uri(self, host: str = "auto", errors: str = "null") -> pl.Expr:
        """Each row mapped to a URI."""
        return self._expr.map_batches(_over(arrow.to_uri, host=host, errors=errors), return_dtype=pl.String)

    def to_iri(self, to_unicode: bool = True, errors: str = "null") -> pl.Expr:
        """Each row, a URI reference, mapped to an IRI."""
        return self._expr.map_batches(_over(arrow.to_iri, to_unicode=to_unicode, errors=errors), return_dtype=pl.String)
