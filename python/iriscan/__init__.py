"""Internationalized Resource Identifiers (draft-ietf-iri-3987bis on RFC 3986), by the Rust
library iriscan: validation, parsing, mapping to URIs and back, normalization and comparison,
resolution, lints and IRIs in running text.

>>> import iriscan
>>> iriscan.is_valid("https://例え.jp/パス?q=Dürst")
True
>>> iriscan.to_uri("https://例え.jp/パス")
'https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9'
>>> iriscan.normalize("HTTP://Example.COM:80/a/./b/../%7euser", level="scheme")
'http://example.com/a/~user'
>>> iriscan.compare("http://résumé.example.org", "http://xn--rsum-bpad.example.org/", level="scheme")
'equivalent'
>>> err = iriscan.check("http://example.com/a b")
>>> (err.kind, err.offset, err.component)
('invalid_character', 20, 'path')
"""

from iriscan import arrow
from iriscan._iriscan import (
    IriError,
    check,
    compare,
    dedupe,
    extract,
    is_valid,
    lint,
    normalize,
    parse,
    relativize,
    resolve,
    to_iri,
    to_uri,
)


def equivalent(a: str, b: str, level: str = "syntax", base: "str | None" = None,
               exclude_fragment: bool = False) -> "bool | None":
    """Whether `a` and `b` are equivalent at `level`: True, False, or None when it cannot tell.

    >>> equivalent("http://a/%7Euser", "http://a/~user")
    True
    """
    verdict = compare(a, b, level=level, base=base, exclude_fragment=exclude_fragment)
    return {"equivalent": True, "different": False}.get(verdict)


__all__ = [
    "IriError",
    "arrow",
    "check",
    "compare",
    "dedupe",
    "equivalent",
    "extract",
    "is_valid",
    "lint",
    "normalize",
    "parse",
    "relativize",
    "resolve",
    "to_iri",
    "to_uri",
]
