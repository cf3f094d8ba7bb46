"""The functions on columns against the functions on strings, on the bench corpus of
`data/bench/` (URLs, IRIs, both) repeated 20 times: rows per second and bytes per second of
each, best of 5; and, when they are installed, against `rfc3986`'s validation and
`w3lib.url.canonicalize_url` on the ASCII URLs, one call a row as their users make them.

    .venv/bin/python python/bench/columns.py
    RAYON_NUM_THREADS=1 .venv/bin/python python/bench/columns.py   # on one core

The library's own throughput on one core, doing the same work on the same rows, is the
baseline: `cargo run --release --example column_corpus -- data/bench/urls.txt` (and iris.txt).
"""

import pathlib
import time

import pyarrow as pa

import iriscan
from iriscan import arrow

DATA = pathlib.Path(__file__).resolve().parents[2] / "data" / "bench"


def best(f, runs=5):
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return min(times)


def main():
    urls = (DATA / "urls.txt").read_text(encoding="utf-8").splitlines()
    iris = (DATA / "iris.txt").read_text(encoding="utf-8").splitlines()
    mixed = [x for pair in zip(urls, iris) for x in pair]
    for name, rows in [("urls", urls), ("iris", iris), ("mixed", mixed)]:
        rows = rows * 20
        size = sum(len(r.encode()) for r in rows)
        column = pa.array(rows)
        for what, col, one in [
            ("is_valid", lambda: arrow.is_valid(column), lambda: [iriscan.is_valid(r) for r in rows]),
            ("normalize", lambda: arrow.normalize(column), None),
            ("scheme", lambda: arrow.normalize(column, level="scheme"), None),
        ]:
            t = best(col)
            line = f"{name:6} {what:10} column {size / t / 1e6:8.1f} MB/s ({len(rows) / t / 1e6:5.2f} M rows/s)"
            if one is not None:
                s = best(one, runs=3)
                line += f", per string {s / len(rows) * 1e9:6.0f} ns a call"
            print(line)


def peers():
    rows = (DATA / "urls.txt").read_text(encoding="utf-8").splitlines() * 5
    column = pa.array(rows)
    try:
        import rfc3986
    except ImportError:
        print("rfc3986 is not installed: not measured")
    else:
        t = best(lambda: [rfc3986.uri_reference(r).is_valid() for r in rows], runs=1)
        ours = best(lambda: arrow.is_valid(column))
        print(f"rfc3986 validation {t / len(rows) * 1e9:8.0f} ns a row; arrow.is_valid {ours / t:.4f} of its time ({t / ours:.0f}x)")
    try:
        import w3lib.url
    except ImportError:
        print("w3lib is not installed: not measured")
    else:
        def canonicalize():
            for r in rows:
                try:
                    w3lib.url.canonicalize_url(r)
                except ValueError:
                    pass

        t = best(canonicalize, runs=1)
        ours = best(lambda: arrow.normalize(column, level="protocol"))
        print(f"w3lib canonicalize_url {t / len(rows) * 1e9:8.0f} ns a row; arrow.normalize protocol {t / ours:.0f}x")


if __name__ == "__main__":
    main()
    peers()
