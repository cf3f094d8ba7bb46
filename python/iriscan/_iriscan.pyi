"""Type stubs of the compiled module; `iriscan` re-exports these."""

from types import ModuleType
from typing import Iterable, Literal, Optional

#: The functions on columns, which `iriscan.arrow` wraps.
arrow: ModuleType

class IriError(ValueError):
    """Not an IRI, or one that cannot be mapped: `kind`, `offset` (in characters of the input, or
    of the text a `mode` other than strict made of it), `byte_offset`, `component` (None for a
    failure without a position), `message` (its positions in bytes of UTF-8, as the command
    writes them), and `row`, the row of a column that failed with `errors="raise"`."""

    kind: str
    offset: Optional[int]
    byte_offset: Optional[int]
    component: Optional[str]
    message: str
    row: Optional[int]

def is_valid(s: str, grammar: str = "iri-ref", mode: str = "strict") -> bool:
    """Whether `s` is of `grammar` (iri, iri-ref, absolute-iri, relative-ref, uri, uri-ref),
    read by `mode` (strict, leiri, href)."""

def check(s: str, grammar: str = "iri-ref", mode: str = "strict") -> Optional[IriError]:
    """None when `s` is of `grammar`, else the error."""

def parse(s: str, grammar: str = "iri-ref", mode: str = "strict", icann_only: bool = False) -> dict[str, Optional[str]]:
    """The components: scheme, authority, userinfo, host, host_kind, port, path, query,
    fragment (None when absent, "" when empty), public_suffix and registrable_domain."""

def to_uri(s: str, host: str = "auto", query_charset: Optional[str] = None, mode: str = "strict") -> str:
    """The URI of the IRI reference `s` (3987bis 3.6)."""

def to_iri(s: str, to_unicode: bool = True) -> str:
    """The IRI of the URI reference `s` (3987bis 3.7)."""

def normalize(
    s: str,
    level: str = "syntax",
    nfc: bool = False,
    nfkc: bool = False,
    form: Literal["normal", "key", "canonical"] = "normal",
    exclude_fragment: bool = False,
    sort_query: bool = False,
    form_query: bool = False,
    drop_params: Optional[list[str]] = None,
    drop_tracking: bool = False,
    strip_www: bool = False,
    base: Optional[str] = None,
) -> Optional[str]:
    """The normal form at `level` (simple, syntax, scheme, protocol), or the comparison key or
    canonical form (of a relative reference against `base`); None when the level's rules
    cannot make a key."""

def compare(
    a: str,
    b: str,
    level: str = "syntax",
    base: Optional[str] = None,
    exclude_fragment: bool = False,
    sort_query: bool = False,
    form_query: bool = False,
    drop_params: Optional[list[str]] = None,
    drop_tracking: bool = False,
    strip_www: bool = False,
) -> Literal["equivalent", "different", "cannot tell"]:
    """Whether `a` and `b` are equivalent at `level`, with the protocol rules of `normalize`."""

def resolve(reference: str, base: str) -> str:
    """`reference` resolved against the IRI `base` (RFC 3986 5.2)."""

def relativize(iri: str, base: str) -> str:
    """The shortest reference to `iri` from `base`."""

def dedupe(
    lines: Iterable[str],
    level: str = "syntax",
    exclude_fragment: bool = False,
    base: Optional[str] = None,
    sort_query: bool = False,
    form_query: bool = False,
    drop_params: Optional[list[str]] = None,
    drop_tracking: bool = False,
    strip_www: bool = False,
) -> list[str]:
    """The first line of each comparison key, in order, with the options of `compare` (lines
    that are not IRIs, or relative ones without `base`, once each)."""

def lint(s: str) -> list[dict[str, object]]:
    """The lints of `s`: code, severity, component, offset and length in characters, message.
    At most 64 of a code; the last says how many more it leaves out."""

def to_display(s: str, embedding: str = "lre", ascii: bool = False, visual: bool = False, as_written: bool = False) -> str:
    """The form to show a person (3987bis 4.1, 8.6)."""

def extract(text: str, schemes: Optional[Iterable[str]] = None, www: bool = False, mode: str = "strict") -> list[tuple[int, int, str]]:
    """The IRIs in running text: (start, end) in characters, and the IRI."""
