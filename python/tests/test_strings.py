"""The functions on strings: the cases of the Rust tests where they apply, errors with their
offsets in characters, and properties (Hypothesis)."""

import pytest
from hypothesis import given, strategies as st

import iriscan
from iriscan import IriError


def test_validation_by_grammar_and_mode():
    assert iriscan.is_valid("https://例え.jp/パス?q=Dürst")
    assert not iriscan.is_valid("https://例え.jp/パス", grammar="uri")
    assert iriscan.is_valid("//example.com/a", grammar="relative-ref")
    assert not iriscan.is_valid("http://a/b c")
    assert iriscan.is_valid("http://a/b c", mode="leiri")
    with pytest.raises(ValueError):
        iriscan.is_valid("http://a/", grammar="nope")


def test_errors_count_characters_and_bytes():
    err = iriscan.check("http://例え.jp/パ ス")
    assert isinstance(err, IriError) and isinstance(err, ValueError)
    assert (err.kind, err.component) == ("invalid_character", "path")
    assert (err.offset, err.byte_offset) == (14, 20)
    assert "http://例え.jp/パ ス"[err.offset] == " "
    assert "3987bis" in err.message
    assert iriscan.check("http://a/") is None
    with pytest.raises(IriError) as raised:
        iriscan.to_uri("http://a/%zz")
    assert raised.value.kind == "invalid_percent_encoding"


def test_parse_gives_absent_and_empty_apart():
    p = iriscan.parse("http://u@www.例え.co.jp:8/p?#")
    assert p.userinfo == "u" and p.port == "8" and p.path == "/p"
    assert (p.query, p.fragment) == ("", "")
    assert p.host_kind == "reg-name"
    assert (p.public_suffix, p.registrable_domain) == ("co.jp", "例え.co.jp")
    q = iriscan.parse("rel/a")
    assert q.scheme is None and q.query is None
    assert iriscan.parse("http://x.github.io/", icann_only=True).registrable_domain == "github.io"
    with pytest.raises(Exception):
        p.host = "x"  # frozen
    with pytest.raises(IriError):
        iriscan.parse("http://a b/")


def test_display_forms():
    assert iriscan.to_display("http://xn--80ak6aa92e.com/") == "http://xn--80ak6aa92e.com/"
    assert iriscan.to_display("http://ab.אבג.ij/kl", visual=True) == "http://ab.גבא.ij/kl"
    assert iriscan.to_display("http://r%C3%A9sum%C3%A9.example.org/", ascii=True).isascii()


def test_mappings():
    assert iriscan.to_uri("http://résumé.example.org/rosé?q=日本#red") == (
        "http://xn--rsum-bpad.example.org/ros%C3%A9?q=%E6%97%A5%E6%9C%AC#red"
    )
    assert iriscan.to_uri("http://a/?q=日本", query_charset="shift_jis") == "http://a/?q=%93%FA%96%7B"
    assert iriscan.to_iri("http://xn--99zt52a.example.org/%e2%80%ae") == "http://納豆.example.org/%E2%80%AE"
    assert iriscan.to_iri("http://xn--99zt52a.example.org/", to_unicode=False) == "http://xn--99zt52a.example.org/"


def test_normal_forms_keys_and_canonical_forms():
    assert iriscan.normalize("HTTP://Example.COM:80/a/./b/../%7euser", level="scheme") == "http://example.com/a/~user"
    a, b = "http://résumé.example.org/rosé", "HTTP://xn--rsum-bpad.example.org:80/ros%C3%A9"
    assert iriscan.normalize(a, level="scheme", form="key") == iriscan.normalize(b, level="scheme", form="key")
    assert iriscan.normalize(b, level="scheme", form="canonical") == "http://résumé.example.org/rosé"
    assert iriscan.normalize(
        "HTTP://www.Example.com:80/do?utm_source=x&c=3&b=5#top",
        level="protocol", sort_query=True, drop_tracking=True, strip_www=True,
    ) == "http://example.com/do?b=5&c=3"


def test_comparison_resolution_and_dedupe():
    assert iriscan.compare("http://a/%7Euser", "http://a/~user") == "equivalent"
    assert iriscan.compare("http://a/b", "http://a/c") == "different"
    assert iriscan.compare("http://a\u2488b.org/", "http://x/", level="scheme") == "cannot tell"
    assert iriscan.equivalent("http://[0:0::1]/", "http://[::1]/", level="scheme") is True
    assert iriscan.equivalent("http://a\u2488b.org/", "http://x/", level="scheme") is None
    assert iriscan.resolve("../g?y#s", "http://a/b/c/d;p?q") == "http://a/b/g?y#s"
    assert iriscan.relativize("http://a/b/g?y", "http://a/b/c/d;p?q") == "../g?y"
    assert iriscan.dedupe(["http://a/b", "HTTP://A/./b", "http://a/%62", "http://a/c", "x y", "x y"]) == [
        "http://a/b", "http://a/c", "x y",
    ]


def test_relative_references_and_protocol_rules_as_on_the_command():
    # normalize's key of a relative reference, against a base, is that of what it resolves to.
    with pytest.raises(ValueError):
        iriscan.normalize("../A%7e", form="key")
    key = iriscan.normalize("../A%7e", form="key", base="http://h/b/c")
    assert key == iriscan.normalize("http://h/A%7e", form="key") == "http://h/A~"
    assert iriscan.normalize("../A", form="canonical", base="http://h/b/c") == "http://h/A"
    with pytest.raises(ValueError):
        iriscan.normalize("a", form="key", base="not absolute")
    # compare and dedupe take the protocol rules of normalize.
    a, b = "http://www.a.com/p?b=2&a=1&utm_source=x", "http://a.com/p?a=1&b=2"
    assert iriscan.compare(a, b) == "different"
    rules = dict(sort_query=True, drop_tracking=True, strip_www=True)
    assert iriscan.compare(a, b, **rules) == "equivalent"
    assert iriscan.equivalent(a, b, **rules) is True
    assert iriscan.equivalent(a, b) is False
    assert iriscan.dedupe([a, b], **rules) == [a]
    assert iriscan.dedupe([a, b]) == [a, b]
    assert iriscan.dedupe(["../x", "../x", "/x"], base="http://h/a/") == ["../x"]
    assert iriscan.dedupe(["../x", "../x", "/x"]) == ["../x", "/x"]
    # Any iterable of strings: a generator, a file's lines.
    assert iriscan.dedupe(x for x in ["http://a/", "HTTP://a/", "http://b/"]) == ["http://a/", "http://b/"]
    assert iriscan.dedupe(iter(("x y", "x y"))) == ["x y"]
    with pytest.raises(TypeError):
        iriscan.dedupe(["http://a/", 1])
    with pytest.raises(TypeError):
        iriscan.dedupe("http://a/")


def test_many_lints_have_their_offsets_in_characters():
    # Each segment "אa" breaks 4.2 (bidi-mixed, bidi-edge) and mixes scripts: three lints a
    # segment, in order, for the first 64 segments; an IRI gets at most 64 lints of a code, the
    # last saying how many more it leaves out.
    n = 3000
    s = "http://a" + "/\u05d0a" * n
    lints = iriscan.lint(s)
    assert len(lints) == 3 * 64
    for k, lint in enumerate(lints):
        assert (lint["offset"], lint["length"]) == (9 + 3 * (k // 3), 2), (k, lint)
        assert s[lint["offset"]:lint["offset"] + lint["length"]] == "\u05d0a"
    assert all(f"{n - 64} more" in lint["message"] for lint in lints[-3:])
    assert not any("more" in lint["message"] for lint in lints[:-3])


def test_the_display_form_as_written_is_only_reordered():
    # 3987bis 4.4 example 8, with Hebrew letters for the capitals: it breaks 4.2.
    example = "http://ab.cd.ef/זח1/2טי/כל.html"
    assert iriscan.to_display(example, visual=True, as_written=True) == "http://ab.cd.ef/לכ/יט1/2חז.html"
    assert "%D7" in iriscan.to_display(example, visual=True)
    assert iriscan.to_display("http://x/%41", as_written=True) == "http://x/%41"
    with pytest.raises(ValueError):
        iriscan.to_display(example, ascii=True, as_written=True)


def test_lints_and_extraction_in_characters():
    lints = iriscan.lint("http://pаypal.com/")
    assert [l["code"] for l in lints] == ["mixed-script", "confusable"]
    assert (lints[1]["offset"], lints[1]["length"]) == (7, 6)
    text = "見て https://例え.jp/パス、 (see http://en.wikipedia.org/wiki/Foo_(bar))."
    found = iriscan.extract(text)
    assert [iri for _, _, iri in found] == ["https://例え.jp/パス", "http://en.wikipedia.org/wiki/Foo_(bar)"]
    start, end, _ = found[0]
    assert text[start:end] == "https://例え.jp/パス"
    assert iriscan.extract("www.example.com", www=True) == [(0, 15, "http://www.example.com")]


def test_extract_takes_any_iterable_of_scheme_names_and_refuses_what_is_none():
    text = "see https://a.com/x and mailto:a@b.c"
    assert iriscan.extract(text, schemes={"mailto"}) == [(24, 36, "mailto:a@b.c")]
    assert iriscan.extract(text, schemes=(s for s in ["https"])) == [(4, 19, "https://a.com/x")]
    for bad in [["https:"], ["1bad"], [""], [" mailto"]]:
        with pytest.raises(ValueError, match="not a scheme"):
            iriscan.extract(text, schemes=bad)
    with pytest.raises(TypeError):
        iriscan.extract(text, schemes="https")


IRI_CHARS = st.text(alphabet="abcAB%/.?#:@-_~éü例え!$&'()*+,;=09", max_size=24)


@given(IRI_CHARS)
def test_normal_forms_are_idempotent(tail):
    s = "http://example.com/" + tail
    if not iriscan.is_valid(s):
        return
    for level in ["syntax", "scheme", "protocol"]:
        n = iriscan.normalize(s, level=level)
        assert iriscan.normalize(n, level=level) == n


@given(IRI_CHARS, IRI_CHARS)
def test_keys_agree_with_compare(x, y):
    a, b = "http://example.com/" + x, "HTTP://Example.com/" + y
    if not (iriscan.is_valid(a) and iriscan.is_valid(b)):
        return
    for level in ["syntax", "scheme"]:
        same = iriscan.normalize(a, level=level, form="key") == iriscan.normalize(b, level=level, form="key")
        assert same == (iriscan.compare(a, b, level=level) == "equivalent")


def test_the_readme_examples():
    import doctest
    import pathlib

    pytest.importorskip("polars", reason="the README's examples use Polars")
    pytest.importorskip("duckdb", reason="the README's examples use DuckDB")
    readme = pathlib.Path(__file__).resolve().parents[2] / "README.md"
    result = doctest.testfile(str(readme), module_relative=False)
    assert result.failed == 0 and result.attempted >= 3


def test_an_unknown_option_is_a_plain_value_error_whatever_the_input():
    # Options are read before the input: a typo in them is no IriError, which a loop that
    # skips the rows that are not IRIs would swallow.
    for call in [
        lambda s: iriscan.normalize(s, level="bogus"),
        lambda s: iriscan.normalize(s, form="x"),
        lambda s: iriscan.compare(s, "http://a/", level="bogus"),
        lambda s: iriscan.to_uri(s, host="x"),
        lambda s: iriscan.to_uri(s, query_charset="nonsense"),
        lambda s: iriscan.to_display(s, embedding="x"),
    ]:
        for s in ["http://a/", "a b"]:
            with pytest.raises(ValueError) as e:
                call(s)
            assert not isinstance(e.value, iriscan.IriError), (s, e.value)


def test_a_lone_surrogate_is_not_valid():
    # A Python string may hold one; it has no UTF-8 form, so no IRI holds it.
    assert iriscan.is_valid("http://a/\ud800") is False
    assert iriscan.is_valid("\udfff", mode="leiri") is False
    with pytest.raises(ValueError):
        iriscan.is_valid("\ud800", mode="bogus")

