//! iriscan's IRI-reference against oxiri's (RFC 3987) on every well-formed UTF-8 input: the two
//! must accept the same strings, but for the differences below, which are deliberate in iriscan
//! (it follows draft-ietf-iri-3987bis, oxiri RFC 3987) and are skipped:
//!
//! 1. `ifragment = *( ipchar / "/" / "?" / "#" )` (3987bis 2.2): a "#" inside the fragment is
//!    allowed; RFC 3987 and oxiri reject it.
//! 2. Bidi formatting characters U+200E, U+200F, U+202A-202E (3987bis 4.1 "MUST NOT be used"),
//!    the isolates U+2066-2069 (iriscan extends 4.1 to them, see docs/spec-choices.md) and ALM U+061C
//!    (likewise, README): they are in `ucschar` (U+00A0-D7FF), so oxiri accepts them; iriscan
//!    rejects them anywhere.
//! 3. Tags U+E0000-E0FFF: 3987bis 2.2 adds them to `iprivate` (allowed in the query only);
//!    in RFC 3987 they are neither `ucschar` nor `iprivate`, so oxiri rejects them everywhere.
//!
//! The other 3987bis 7.3 groups (C1 controls, specials U+FFF0-FFFD, non-characters) are outside
//! `ucschar` and `iprivate` in both texts, so no skip is needed for them.
//!
//! Before oxiri, every grammar is also compared with the ABNF itself (`spec.rs`: the start rules
//! of 3987bis 2.2 and RFC 3986 as regular expressions), with no skip at all: there iriscan must
//! agree exactly, and the ABNF verdict is printed with any oxiri disagreement to tell who is
//! right.
#![no_main]

mod spec;

use libfuzzer_sys::fuzz_target;

fn is_bidi_formatting(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

fn is_tag(c: char) -> bool {
    matches!(c, '\u{E0000}'..='\u{E0FFF}')
}

/// The input with the three deliberate differences taken out, in a way that keeps its structure
/// and keeps both parsers' view of every other character: bidi formatting characters become "é"
/// (a `ucschar` of the same standing in both), tags become U+E000 (private use: allowed in the
/// query, rejected elsewhere, by both), and every "#" after the first becomes "%23".
fn neutralize(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    let mut seen_hash = false;
    for c in s.chars() {
        match c {
            c if is_bidi_formatting(c) => out.push('\u{e9}'),
            c if is_tag(c) => out.push('\u{E000}'),
            '#' if seen_hash => out.push_str("%23"),
            '#' => {
                seen_hash = true;
                out.push('#')
            }
            c => out.push(c),
        }
    }
    out
}

fn verdicts(s: &str) -> (Result<(), String>, Result<(), String>) {
    (
        iriscan::IriRef::parse(s).map(|_| ()).map_err(|e| e.to_string()),
        oxiri::IriRef::parse(s).map(|_| ()).map_err(|e| e.to_string()),
    )
}

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    // iriscan against the ABNF, every grammar.
    for g in iriscan::Grammar::ALL {
        let ours = g.validate(data);
        let abnf = spec::matches(g, s);
        assert_eq!(
            ours.is_ok(),
            abnf,
            "{g}: iriscan says {ours:?} but the ABNF says {abnf} on {s:?} ({})",
            s.escape_unicode()
        );
    }

    let (ours, theirs) = verdicts(s);
    if ours.is_ok() == theirs.is_ok() {
        return;
    }
    // A disagreement must come from one of the known differences: with them taken out, the two
    // must agree.
    let n = neutralize(s);
    let (ours_n, theirs_n) = verdicts(&n);
    assert!(
        n != s && ours_n.is_ok() == theirs_n.is_ok(),
        "iriscan and oxiri disagree on {s:?} ({}): iriscan {ours:?}, oxiri {theirs:?}, ABNF {}; \
         neutralized {n:?}: iriscan {ours_n:?}, oxiri {theirs_n:?}, ABNF {}",
        s.escape_unicode(),
        spec::matches(iriscan::Grammar::IriReference, s),
        spec::matches(iriscan::Grammar::IriReference, &n),
    );
});
