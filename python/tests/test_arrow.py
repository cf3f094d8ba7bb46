"""The functions on columns give exactly the functions on strings, row by row, in every string
layout, with nulls kept."""

import re

import pytest
from hypothesis import given, settings, strategies as st

pa = pytest.importorskip("pyarrow", reason="pyarrow is needed for the Arrow tests")

import iriscan
from iriscan import arrow

ROWS = [
    "http://a/b", "HTTP://Example.COM:80/a/./b/../%7euser", "http://résumé.example.org/rosé",
    "http://a b/", None, "https://例え.jp/パス?q=Dürst", "http://xn--99zt52a.example.org/%e2%80%ae",
    "../rel", "", "http://www.a\u2488b.org/", "http://pаypal.com/אב12", "http://ab.אבג.ij/kl",
    " http://a/b c?q=日本 ", "http://x.github.io/ﬁ",
]
# Beside ROWS, row by row: another reference, a base, and text around an IRI.
OTHERS = [
    "http://a/c", "http://example.com/a/~user", "http://xn--rsum-bpad.example.org/ros%C3%A9",
    "http://a/", "http://a/", None, "https://例え.jp/%E3%83%91%E3%82%B9?q=Dürst",
    "http://x/rel", "", "http://www.a1.b.org/", "http://paypal.com/", "http://ab.אבג.ij/kl#f",
    "http://a/b%20c?q=日本", "http://x.github.io/fi",
]
BASES = [
    "http://a/b/c", "http://example.com/a/", "http://résumé.example.org/", "http://a/", None,
    "https://例え.jp/", "http://b/", "http://x/y/z", "http://x/y", "bad base", "http://h/", "http://ab.אבג.ij/",
    "http://a/", "http://x.github.io/a/",
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
               dict(level="protocol", sort_query=True, drop_tracking=True, strip_www=True),
               dict(form="key", base="http://h/p/q")]:
        assert arrow.normalize(column, **kw).to_pylist() == [
            scalar_or_none(iriscan.normalize, s, **kw) for s in ROWS
        ], kw
    for kw in [dict(mode="leiri"), dict(mode="href", grammar="iri"), dict(grammar="uri")]:
        assert arrow.is_valid(column, **kw).to_pylist() == [
            None if s is None else iriscan.is_valid(s, **kw) for s in ROWS
        ], kw
        for s, e in zip(ROWS, arrow.check(column, **kw).to_pylist()):
            err = None if s is None else iriscan.check(s, **kw)
            assert (e is None) == (err is None) and (e is None or e["offset"] == err.offset), (s, kw)
        assert arrow.parse(column, **kw).to_pylist() == [
            None if scalar_or_none(iriscan.parse, s, **kw) is None else iriscan.parse(s, **kw).__dict__
            for s in ROWS
        ], kw
    assert arrow.parse(column, icann_only=True).to_pylist() == [
        None if scalar_or_none(iriscan.parse, s) is None else iriscan.parse(s, icann_only=True).__dict__
        for s in ROWS
    ]
    for kw in [dict(nfc=True), dict(nfkc=True, level="scheme")]:
        assert arrow.normalize(column, **kw).to_pylist() == [
            scalar_or_none(iriscan.normalize, s, **kw) for s in ROWS
        ], kw
    for kw in [{}, dict(mode="leiri"), dict(query_charset="shift_jis"), dict(host="percent")]:
        assert arrow.to_uri(column, **kw).to_pylist() == [scalar_or_none(iriscan.to_uri, s, **kw) for s in ROWS], kw
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


def text_around(s):
    return None if s is None else f"見て {s}。 and (http://example.org/a_(b)) «http://ü.example/»"


@pytest.mark.parametrize("layout", LAYOUTS, ids=str)
def test_every_layout_gives_the_scalar_answers_of_the_safety_functions(layout):
    column = pa.array(ROWS, type=layout)
    for kw in [{}, dict(embedding="lri"), dict(ascii=True), dict(visual=True, embedding="none"),
               dict(visual=True, as_written=True)]:
        assert arrow.to_display(column, **kw).to_pylist() == [
            scalar_or_none(iriscan.to_display, s, **kw) for s in ROWS
        ], kw
    assert arrow.lint(column).to_pylist() == [scalar_or_none(iriscan.lint, s) for s in ROWS]
    assert any(arrow.lint(column).to_pylist()[ROWS.index("http://pаypal.com/אב12")])
    texts = [text_around(s) for s in ROWS]
    for kw in [{}, dict(www=True, mode="leiri"), dict(schemes=["https"])]:
        found = arrow.extract(pa.array(texts, type=layout), **kw).to_pylist()
        assert found == [
            None if t is None else [dict(start=a, end=b, iri=i) for a, b, i in iriscan.extract(t, **kw)]
            for t in texts
        ], kw


@pytest.mark.parametrize("layout", LAYOUTS, ids=str)
def test_functions_of_two_columns_give_the_scalar_answers(layout):
    a, b = pa.array(ROWS, type=layout), pa.array(OTHERS, type=layout)
    for kw in [{}, dict(level="scheme"), dict(level="protocol", exclude_fragment=True),
               dict(base="http://a/b/", level="syntax"),
               dict(level="scheme", sort_query=True, drop_tracking=True, strip_www=True)]:
        want = [None if x is None or y is None else scalar_or_none(iriscan.compare, x, b=y, **kw)
                for x, y in zip(ROWS, OTHERS)]
        assert arrow.compare(a, b, **kw).to_pylist() == want, kw
        assert arrow.equivalent(a, b, **kw).to_pylist() == [
            {"equivalent": True, "different": False}.get(v) for v in want
        ], kw
    assert "equivalent" in arrow.compare(a, b, level="scheme").to_pylist()
    assert arrow.compare(a, "http://a/b").to_pylist() == [
        scalar_or_none(iriscan.compare, x, b="http://a/b") for x in ROWS
    ]
    bases = pa.array(BASES, type=layout)
    assert arrow.resolve(a, bases).to_pylist() == [
        None if x is None or y is None else scalar_or_none(iriscan.resolve, x, base=y)
        for x, y in zip(ROWS, BASES)
    ]
    assert arrow.resolve(a, "http://h/p/q").to_pylist() == [
        scalar_or_none(iriscan.resolve, x, base="http://h/p/q") for x in ROWS
    ]
    assert arrow.relativize(a, bases).to_pylist() == [
        None if x is None or y is None else scalar_or_none(iriscan.relativize, x, base=y)
        for x, y in zip(ROWS, BASES)
    ]


def test_two_columns_chunked_apart_are_read_row_by_row():
    a = pa.chunked_array([ROWS[:3], ROWS[3:5], ROWS[5:]], type=pa.string())
    b = pa.chunked_array([OTHERS[:7], OTHERS[7:]], type=pa.large_string())
    assert arrow.compare(a, b).to_pylist() == arrow.compare(pa.array(ROWS), pa.array(OTHERS)).to_pylist()
    with pytest.raises(ValueError, match="length"):
        arrow.compare(pa.array(ROWS), pa.array(OTHERS[1:]))


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
    with pytest.raises(iriscan.IriError, match="row 1"):
        arrow.resolve(pa.array(["a", "b"]), pa.array(["http://a/", "no base"]), errors="raise")
    with pytest.raises(iriscan.IriError):
        arrow.lint(pa.array(["http://a b/"]), errors="raise")


def test_a_column_larger_than_a_task():
    rows = [f"HTTP://Example.COM/{i}/./x" for i in range(10_000)]
    out = arrow.normalize(pa.array(rows)).to_pylist()
    assert out == [f"http://example.com/{i}/x" for i in range(10_000)]


@settings(max_examples=200)
@given(st.lists(st.one_of(st.none(), st.text(alphabet="abcAB%/.?#:@-_~éü例א\u200b ", max_size=20)), max_size=20))
def test_columns_are_the_scalar_function_row_by_row(tails):
    rows = [None if t is None else "http://example.com/" + t for t in tails]
    column = pa.array(rows, type=pa.string())
    assert arrow.is_valid(column).to_pylist() == [None if s is None else iriscan.is_valid(s) for s in rows]
    assert arrow.normalize(column).to_pylist() == [scalar_or_none(iriscan.normalize, s) for s in rows]
    for f in ["to_uri", "to_iri", "to_display", "lint"]:
        assert getattr(arrow, f)(column).to_pylist() == [scalar_or_none(getattr(iriscan, f), s) for s in rows], f
    assert arrow.parse(column).to_pylist() == [
        None if scalar_or_none(iriscan.parse, s) is None else iriscan.parse(s).__dict__ for s in rows
    ]
    assert arrow.resolve(column, "http://b/c/d").to_pylist() == [
        scalar_or_none(iriscan.resolve, s, base="http://b/c/d") for s in rows
    ]


NAMED = re.compile(r"\(U\+([0-9A-F]{4,6})\)")


@settings(max_examples=300)
@given(st.text(alphabet="ab/:?#%é例אب \u200b\x7f[]@", max_size=24))
def test_offsets_count_characters_to_the_character_the_message_names(tail):
    s = "http://例え.jp/" + tail
    row = arrow.check(pa.array([s])).to_pylist()[0]
    err = iriscan.check(s)
    assert (row is None) == (err is None)
    if err is not None:
        assert row["offset"] == err.offset
        named = NAMED.search(err.message)
        if named:
            assert s[err.offset] == chr(int(named.group(1), 16)), err.message


def test_without_pyarrow_the_answer_is_an_arrow_array_object():
    pytest.importorskip("polars", reason="Polars hands over its columns without pyarrow")
    import subprocess
    import sys

    script = """
import sys
sys.modules["pyarrow"] = None  # as if it were not installed
import polars as pl
from iriscan import arrow
out = arrow.is_valid(pl.Series(["http://a/", "http://a b/", None]))
assert hasattr(out, "__arrow_c_array__") and "pyarrow" not in type(out).__module__
assert pl.Series(out).to_list() == [True, False, None]
out = arrow.normalize(pl.Series(["HTTP://A/./b", None]), level="scheme")
assert pl.Series(out).to_list() == ["http://a/b", None]
"""
    subprocess.run([sys.executable, "-c", script], check=True)


def test_a_raised_row_error_has_the_attributes_of_an_iri_error():
    with pytest.raises(iriscan.IriError) as raised:
        arrow.normalize(pa.array(["http://a/", "http://例え/a b"]), errors="raise")
    e = raised.value
    assert (e.row, e.kind, e.offset, e.byte_offset, e.component) == (1, "invalid_character", 11, 15, "path")
    assert "http://例え/a b"[e.offset] == " " and str(e).startswith("row 1: ")
    with pytest.raises(iriscan.IriError) as raised:
        arrow.to_uri(pa.array(["http://a/%zz"]), errors="raise")
    assert (raised.value.row, raised.value.kind) == (0, "invalid_percent_encoding")


def test_errors_survive_pickling():
    import pickle

    err = iriscan.check("http://例え/a b")
    back = pickle.loads(pickle.dumps(err))
    assert type(back) is iriscan.IriError
    assert (back.kind, back.offset, back.message) == (err.kind, err.offset, err.message)


def test_one_row_is_used_for_every_row_and_a_bad_base_raises():
    refs = pa.array(["../d", "#f", None])
    assert arrow.resolve(refs, pa.array(["http://a/b/c"])).to_pylist() == ["http://a/d", "http://a/b/c#f", None]
    assert arrow.resolve(refs, pa.scalar("http://a/b/c")).to_pylist() == ["http://a/d", "http://a/b/c#f", None]
    assert arrow.resolve(pa.array(["../x"]), pa.array(["http://a/b/c", "http://z/y/"])).to_pylist() == [
        "http://a/x", "http://z/x"]
    with pytest.raises(iriscan.IriError):
        arrow.resolve(refs, "not a base")
    with pytest.raises(iriscan.IriError):
        arrow.relativize(refs, "not a base")
    assert arrow.resolve(refs, pa.array(["not a base"] * 3)).to_pylist() == [None] * 3


def test_dictionaries_and_nulls_alone_are_read():
    dictionary = pa.array(["HTTP://A/./b", None, "HTTP://A/./b", "http://a b/"]).dictionary_encode()
    assert arrow.normalize(dictionary).to_pylist() == ["http://a/b", None, "http://a/b", None]
    assert arrow.is_valid(dictionary).to_pylist() == [True, None, True, False]
    assert arrow.normalize(pa.array([None, None])).to_pylist() == [None, None]
    assert arrow.is_valid(pa.nulls(3)).to_pylist() == [None] * 3
    with pytest.raises(TypeError, match="pass one of its columns"):
        arrow.is_valid(pa.StructArray.from_arrays([pa.array(["a"])], ["url"]))


def test_a_string_column_of_bytes_that_are_not_utf8_is_a_clear_error():
    # Arrow's strings must be UTF-8, but a view of binary data as strings is not checked on
    # its way in: each function answers with a ValueError naming the row, before reading any.
    rows = [b"http://a/", b"x\xe9y", None, b"http://a/\xf0"]
    layouts = [(pa.binary(), pa.string()), (pa.large_binary(), pa.large_string()),
               (pa.binary_view(), pa.string_view())]
    for binary, string in layouts:
        bad = pa.array(rows, binary).view(string)
        for f, kw in [(arrow.is_valid, {}), (arrow.is_valid, dict(mode="leiri")),
                      (arrow.check, dict(mode="href")), (arrow.to_uri, dict(mode="href")),
                      (arrow.parse, dict(mode="leiri")), (arrow.extract, {}),
                      (arrow.normalize, {}), (arrow.lint, {})]:
            with pytest.raises(ValueError, match="row 1 .*not UTF-8"):
                f(bad, **kw)
        with pytest.raises(ValueError, match="row 1 .*not UTF-8"):
            arrow.compare(pa.array(["http://a/"] * 4), bad)
        good = pa.array(["http://a/", "http://b/"], string)
        chunked = pa.chunked_array([good, bad])
        with pytest.raises(ValueError, match="row 3 .*not UTF-8"):
            arrow.is_valid(chunked)
        # A slice is read from its own rows: the bad bytes outside it do not count.
        assert arrow.is_valid(bad.slice(2, 1)).to_pylist() == [None]
        assert arrow.is_valid(bad.slice(0, 1)).to_pylist() == [True]
    dictionary = pa.DictionaryArray.from_arrays(
        pa.array([0, 1, 0]), pa.array([b"http://a/", b"\xff"], pa.binary()).view(pa.string()))
    with pytest.raises(ValueError, match="not UTF-8"):
        arrow.is_valid(dictionary)

