"""Spark: column functions on `pyspark.sql.functions.arrow_udf` (Spark 4.1 and later; no
pandas needed), which run the functions of `iriscan.arrow` on every executor, a batch of rows
at a time. As Spark's own functions, they take columns or column names.

    from pyspark.sql import SparkSession
    from iriscan.spark import iri_normalize

    spark = SparkSession.builder.getOrCreate()
    df = spark.read.parquet("crawl.parquet")
    df.withColumn("n", iri_normalize("url", level="scheme")).dropDuplicates(["n"])
"""

from pyspark.sql.functions import arrow_udf

from iriscan import arrow

_PARSED = "struct<" + ",".join(f"{name}:string" for name in arrow.PARSE_FIELDS) + ">"


def _udf(f, return_type: str, **kw):
    @arrow_udf(return_type)
    def run(*columns):
        return f(*columns, **kw)

    return run


def iri_is_valid(col, grammar: str = "iri-ref", mode: str = "strict"):
    """Booleans: whether each row, read by `mode`, is of `grammar`."""
    return _udf(arrow.is_valid, "boolean", grammar=grammar, mode=mode)(col)


def iri_parse(col, grammar: str = "iri-ref", **options):
    """A struct of the components of each row (`.host`, `.registrable_domain`, ...); `mode`,
    `icann_only`."""
    return _udf(arrow.parse, _PARSED, grammar=grammar, **options)(col)


def iri_normalize(col, level: str = "syntax", **options):
    """Each row normalized at `level`, with the options of `iriscan.arrow.normalize` (form,
    sort_query, drop_tracking, ...); null where it is not an IRI reference."""
    return _udf(arrow.normalize, "string", level=level, **options)(col)


def iri_to_uri(col, host: str = "auto", **options):
    """Each row mapped to a URI; null where it cannot be; `query_charset`, `mode`."""
    return _udf(arrow.to_uri, "string", host=host, **options)(col)


def iri_to_iri(col, to_unicode: bool = True):
    """Each row, a URI reference, mapped to an IRI."""
    return _udf(arrow.to_iri, "string", to_unicode=to_unicode)(col)


def iri_to_display(col, embedding: str = "lre", ascii: bool = False, **options):
    """Each row in the form to show a person; `visual`, `as_written`."""
    return _udf(arrow.to_display, "string", embedding=embedding, ascii=ascii, **options)(col)


def iri_resolve(col, base):
    """Each row resolved against the same row of `base` (a column; `lit(...)` for one IRI)."""
    return _udf(arrow.resolve, "string")(col, base)


def iri_equivalent(a, b, level: str = "syntax"):
    """Booleans: each row of `a` equivalent to `b`'s at `level`; null where it cannot tell."""
    return _udf(arrow.equivalent, "boolean", level=level)(a, b)


def iri_extract(col, www: bool = False, mode: str = "strict"):
    """The IRIs in each row's running text, an array of strings."""
    return _udf(arrow.extract_iris, "array<string>", www=www, mode=mode)(col)


__all__ = [
    "iri_equivalent",
    "iri_extract",
    "iri_is_valid",
    "iri_normalize",
    "iri_parse",
    "iri_resolve",
    "iri_to_display",
    "iri_to_iri",
    "iri_to_uri",
]
