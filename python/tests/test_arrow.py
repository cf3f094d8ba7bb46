"""The functions on columns give exactly the functions on strings, row by row, in every string
layout, with nulls kept."""

import pytest
from hypothesis import given, settings, strategies as st

pa = pytest.importorskip("pyarrow", reason="pyarrow is needed for the Arrow tests")

import iriscan
from iriscan import arrow

ROWS = [
    "http://a/b", "HTTP://Example.COM:80/a/./b/../%7euser", "http://résumé.example.org/rosé",
    "http://a b/", None, "https://例え.jp/パス?q=Dürst", "http://xn--99zt52a.example.org/%e2%80%ae",
    "../rel", "", "http://www.a\u2488b.org/",
]
LAYOUTS = [pa.string(), pa.large_string(), pa.string_view()]


def scalar_or_none(f, s, **kw):
    if s is None:
        return None
    try:
        return f(s, **kw)
    except iriscan.IriError:
        return None


@pytest.mark.parametrize("layout", LAYOUTS, ids=str)
def test_every_layout_gives_the_scalar_answers(layout):
    column = pa.array(ROWS, type=layout)
    assert arrow.is_valid(column).to_pylist() == [None if s is None else iriscan.is_valid(s) for s in ROWS]
    for level in ["syntax", "scheme", "protocol"]:
        assert arrow.normalize(column, level=level).to_pylist() == [
            scalar_or_none(iriscan.normalize, s, level=level) for s in ROWS
        ]
    for kw in [dict(form="key", level="scheme"), dict(form="canonical", level="scheme"),
               dict(level="protocol", sort_query=True, drop_tracking=True, strip_www=True)]:
        assert arrow.normalize(column, **kw).to_pylist() == [
            scalar_or_none(iriscan.normalize, s, **kw) for s in ROWS
        ], kw
    assert arrow.to_uri(column).to_pylist() == [scalar_or_none(iriscan.to_uri, s) for s in ROWS]
    assert arrow.to_iri(column).to_pylist() == [scalar_or_none(iriscan.to_iri, s) for s in ROWS]
    parsed = arrow.parse(column).to_pylist()
    for s, p in zip(ROWS, parsed):
        want = scalar_or_none(iriscan.parse, s)
        assert p == (None if want is None else want.__dict__)
    errors = arrow.check(column).to_pylist()
    for s, e in zip(ROWS, errors):
        err = None if s is None else iriscan.check(s)
        if err is None:
            assert e is None
        else:
            assert (e["kind"], e["offset"], e["message"]) == (err.kind, err.offset, err.message)


def test_chunked_arrays_are_read_chunk_by_chunk():
    chunked = pa.chunked_array([ROWS[:3], ROWS[3:]], type=pa.string())
    assert arrow.is_valid(chunked).to_pylist() == arrow.is_valid(pa.array(ROWS)).to_pylist()
    assert arrow.normalize(chunked, level="scheme").to_pylist() == [
        scalar_or_none(iriscan.normalize, s, level="scheme") for s in ROWS
    ]


def test_errors_raise_when_asked():
    with pytest.raises(iriscan.IriError):
        arrow.normalize(pa.array(["http://a/", "http://a b/"]), errors="raise")
    with pytest.raises(ValueError):
        arrow.normalize(pa.array(["http://a/"]), errors="ignore")
    with pytest.raises(TypeError):
        arrow.is_valid(pa.array([1, 2]))


def test_a_column_larger_than_a_task():
    rows = [f"HTTP://Example.COM/{i}/./x" for i in range(10_000)]
    out = arrow.normalize(pa.array(rows)).to_pylist()
    assert out == [f"http://example.com/{i}/x" for i in range(10_000)]


@settings(max_examples=200)
@given(st.lists(st.one_of(st.none(), st.text(alphabet="abcAB%/.?#:@-_~éü例 ", max_size=20)), max_size=20))
def test_columns_are_the_scalar_function_row_by_row(tails):
    rows = [None if t is None else "http://example.com/" + t for t in tails]
    column = pa.array(rows, type=pa.string())
    assert arrow.is_valid(column).to_pylist() == [None if s is None else iriscan.is_valid(s) for s in rows]
    assert arrow.normalize(column).to_pylist() == [scalar_or_none(iriscan.normalize, s) for s in rows]
