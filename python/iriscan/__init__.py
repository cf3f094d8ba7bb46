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

from dataclasses import dataclass
from typing import Any, Optional

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
    relativize,
    resolve,
    to_display,
    to_iri,
    to_uri,
)
from iriscan._iriscan import parse as _parse


@dataclass(frozen=True)
class Parsed:
    """The components of an IRI reference: None when absent, "" when empty (they differ,
    3987bis 5.3.3); the host's kind, and its public suffix and registrable domain by the Public
    Suffix List."""

    scheme: Optional[str]
    authority: Optional[str]
    userinfo: Optional[str]
    host: Optional[str]
    host_kind: Optional[str]
    port: Optional[str]
    path: str
    query: Optional[str]
    fragment: Optional[str]
    public_suffix: Optional[str]
    registrable_domain: Optional[str]


def parse(s: str, grammar: str = "iri-ref", mode: str = "strict", icann_only: bool = False) -> Parsed:
    """The components of `s`, of `grammar`, read by `mode`; raises `IriError` when it is not.

    >>> p = parse("https://user@www.例え.co.jp:8080/パス?q#")
    >>> (p.host, p.port, p.query, p.fragment, p.registrable_domain)
    ('www.例え.co.jp', '8080', 'q', '', '例え.co.jp')
    """
    return Parsed(**_parse(s, grammar, mode, icann_only))


def equivalent(a: str, b: str, level: str = "syntax", base: "str | None" = None,
               exclude_fragment: bool = False, **rules: Any) -> "bool | None":
    """Whether `a` and `b` are equivalent at `level`: True, False, or None when it cannot tell;
    `rules` are the protocol rules of `compare` (`sort_query`, `drop_tracking`...).

    >>> equivalent("http://a/%7Euser", "http://a/~user")
    True
    """
    verdict = compare(a, b, level=level, base=base, exclude_fragment=exclude_fragment, **rules)
    return {"equivalent": True, "different": False}.get(verdict)


__all__ = [
    "IriError",
    "Parsed",
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
    "to_display",
    "to_iri",
    "to_uri",
]
