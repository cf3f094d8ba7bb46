"""Spark: column functions on `pyspark.sql.functions.arrow_udf` (Spark 4.1 and later; no
pandas needed), which run the functions of `iriscan.arrow` on every executor, a batch of rows
at a time.

    from pyspark.sql import SparkSession
    from iriscan.spark import iri_normalize

    spark = SparkSession.builder.getOrCreate()
    df = spark.read.parquet("crawl.parquet")
    df.withColumn("n", iri_normalize("url", level="scheme")).dropDuplicates(["n"])
"""

from pyspark.sql.functions import arrow_udf

from iriscan import arrow


def _udf(f, return_type: str, **kw):
    @arrow_udf(return_type)
    def run(column):
        return f(column, **kw)

    return run


def iri_is_valid(col, grammar: str = "iri-ref"):
    """Booleans: whether each row is of `grammar`."""
    return _udf(arrow.is_valid, "boolean", grammar=grammar)(col)


def iri_normalize(col, level: str = "syntax"):
    """Each row normalized at `level`; null where it is not an IRI."""
    return _udf(arrow.normalize, "string", level=level)(col)


def iri_to_uri(col, host: str = "auto"):
    """Each row mapped to a URI; null where it cannot be."""
    return _udf(arrow.to_uri, "string", host=host)(col)


def iri_to_iri(col, to_unicode: bool = True):
    """Each row, a URI reference, mapped to an IRI."""
    return _udf(arrow.to_iri, "string", to_unicode=to_unicode)(col)


__all__ = ["iri_is_valid", "iri_normalize", "iri_to_iri", "iri_to_uri"]
