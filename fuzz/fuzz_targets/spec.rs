//! The ABNF of draft-ietf-iri-3987bis 2.2 (and RFC 3986 3, 4 for the URI grammars), written out
//! as regular expressions, one per start rule: an oracle independent of iriscan's scanner.
//!
//! The languages are regular, and the `regex` crate decides membership over all parses, so
//! "first-match-wins" (which only decides how an input is split) plays no part. Character sets
//! follow the spec text:
//! - `ucschar` as in 2.2, less the bidi formatting characters that 4.1 says MUST NOT be used
//!   (U+200E, U+200F, U+202A-202E), the isolates U+2066-2069 (docs/spec-choices.md
//!   extends 4.1 to them) and ALM U+061C (added with the isolates, docs/spec-choices.md);
//! - `iprivate = %xE000-F8FF / %xE0000-E0FFF / %xF0000-FFFFD / %x100000-10FFFD`, in `iquery` only;
//! - the 7.3 groups (C0/C1 controls, specials, non-characters) are outside both sets already;
//! - `ifragment` allows "#"; the RFC 3986 `fragment` does not; the URI rules are ASCII only.

use regex::Regex;
use std::sync::OnceLock;

const UCSCHAR: &str = r"\x{A0}-\x{D7FF}\x{F900}-\x{FDCF}\x{FDF0}-\x{FFEF}\x{10000}-\x{1FFFD}\x{20000}-\x{2FFFD}\x{30000}-\x{3FFFD}\x{40000}-\x{4FFFD}\x{50000}-\x{5FFFD}\x{60000}-\x{6FFFD}\x{70000}-\x{7FFFD}\x{80000}-\x{8FFFD}\x{90000}-\x{9FFFD}\x{A0000}-\x{AFFFD}\x{B0000}-\x{BFFFD}\x{C0000}-\x{CFFFD}\x{D0000}-\x{DFFFD}\x{E1000}-\x{EFFFD}";
const BIDI: &str = r"\x{061C}\x{200E}\x{200F}\x{202A}-\x{202E}\x{2066}-\x{2069}";
const IPRIVATE: &str = r"\x{E000}-\x{F8FF}\x{E0000}-\x{E0FFF}\x{F0000}-\x{FFFFD}\x{100000}-\x{10FFFD}";

/// The regular expression of a start rule: `iri` selects the 3987bis rules (else RFC 3986).
fn build(start: &str, iri: bool) -> String {
    let unreserved = r"A-Za-z0-9\-._~";
    let sub_delims = r"!$&'()*+,;=";
    // A character class of `iunreserved` (or `unreserved`) plus `extra`.
    let cls = |extra: &str| {
        if iri {
            format!("[[{unreserved}{extra}{UCSCHAR}]--[{BIDI}]]")
        } else {
            format!("[{unreserved}{extra}]")
        }
    };
    let pct = "%[0-9A-Fa-f]{2}";
    let ipchar = format!("(?:{}|{pct})", cls(&format!("{sub_delims}:@")));
    let userinfo = format!("(?:{}|{pct})*", cls(&format!("{sub_delims}:")));
    let reg_name = format!("(?:{}|{pct})*", cls(sub_delims));
    let dec_octet = "(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]|[0-9])";
    let ipv4 = format!(r"{dec_octet}\.{dec_octet}\.{dec_octet}\.{dec_octet}");
    let h16 = "[0-9A-Fa-f]{1,4}";
    let ls32 = format!("(?:{h16}:{h16}|{ipv4})");
    let ipv6 = [
        format!("(?:{h16}:){{6}}{ls32}"),
        format!("::(?:{h16}:){{5}}{ls32}"),
        format!("(?:{h16})?::(?:{h16}:){{4}}{ls32}"),
        format!("(?:(?:{h16}:){{0,1}}{h16})?::(?:{h16}:){{3}}{ls32}"),
        format!("(?:(?:{h16}:){{0,2}}{h16})?::(?:{h16}:){{2}}{ls32}"),
        format!("(?:(?:{h16}:){{0,3}}{h16})?::{h16}:{ls32}"),
        format!("(?:(?:{h16}:){{0,4}}{h16})?::{ls32}"),
        format!("(?:(?:{h16}:){{0,5}}{h16})?::{h16}"),
        format!("(?:(?:{h16}:){{0,6}}{h16})?::"),
    ]
    .join("|");
    let ipvfuture = format!(r"[vV][0-9A-Fa-f]+\.[{unreserved}{sub_delims}:]+");
    let host = format!(r"(?:\[(?:{ipv6}|{ipvfuture})\]|{ipv4}|{reg_name})");
    let authority = format!("(?:{userinfo}@)?{host}(?::[0-9]*)?");
    let segment = format!("{ipchar}*");
    let segment_nz = format!("{ipchar}+");
    let segment_nz_nc = format!("(?:{}|{pct})+", cls(&format!("{sub_delims}@")));
    let path_abempty = format!("(?:/{segment})*");
    let path_absolute = format!("/(?:{segment_nz}(?:/{segment})*)?");
    let path_rootless = format!("{segment_nz}(?:/{segment})*");
    let path_noscheme = format!("{segment_nz_nc}(?:/{segment})*");
    let hier_part =
        format!("(?://{authority}{path_abempty}|{path_absolute}|{path_rootless}|)");
    let relative_part =
        format!("(?://{authority}{path_abempty}|{path_absolute}|{path_noscheme}|)");
    let query = if iri {
        format!("(?:{ipchar}|[{IPRIVATE}/?])*")
    } else {
        format!("(?:{ipchar}|[/?])*")
    };
    let fragment = if iri {
        format!("(?:{ipchar}|[/?#])*")
    } else {
        format!("(?:{ipchar}|[/?])*")
    };
    let scheme = r"[A-Za-z][A-Za-z0-9+\-.]*";
    let absolute = format!(r"{scheme}:{hier_part}(?:\?{query})?");
    let full = format!("{absolute}(?:#{fragment})?");
    let relative = format!(r"{relative_part}(?:\?{query})?(?:#{fragment})?");
    let body = match start {
        "iri" => full,
        "absolute" => absolute,
        "relative" => relative,
        "reference" => format!("{full}|{relative}"),
        _ => unreachable!(),
    };
    format!("^(?:{body})$")
}

fn compile(start: &str, iri: bool) -> Regex {
    regex::RegexBuilder::new(&build(start, iri))
        .size_limit(1 << 30)
        .dfa_size_limit(1 << 26)
        .build()
        .unwrap()
}

/// Whether `s` matches the start rule of `g`, by the ABNF alone.
pub fn matches(g: iriscan::Grammar, s: &str) -> bool {
    use iriscan::Grammar as G;
    static RES: OnceLock<[Regex; 6]> = OnceLock::new();
    let res = RES.get_or_init(|| {
        [
            compile("iri", true),
            compile("reference", true),
            compile("absolute", true),
            compile("relative", true),
            compile("iri", false),
            compile("reference", false),
        ]
    });
    let k = match g {
        G::Iri => 0,
        G::IriReference => 1,
        G::AbsoluteIri => 2,
        G::IrelativeRef => 3,
        G::Uri => 4,
        G::UriReference => 5,
    };
    res[k].is_match(s)
}
