"""Modules of engines that are not installed are not collected for their doctests."""

import importlib.util

collect_ignore = [
    f"iriscan/{module}.py"
    for module, package in [("polars", "polars"), ("duckdb", "duckdb"), ("spark", "pyspark")]
    if importlib.util.find_spec(package) is None
]
