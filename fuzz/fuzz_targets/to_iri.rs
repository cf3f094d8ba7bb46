//! URI to IRI (3987bis 3.7) on every input that parses as a URI reference (and on the input with
//! its bytes percent-encoded, to reach the decoder with any octets): no panic; the result is a
//! valid IRI reference that maps back to the URI, up to the case of percent-encoding hex.
#![no_main]

use iriscan::{Grammar, IriRef};
use libfuzzer_sys::fuzz_target;

fn upper_hex(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && i + 2 < b.len() {
            out.push('%');
            out.push_str(&s[i + 1..i + 3].to_ascii_uppercase());
            i += 3;
        } else {
            let c = s[i..].chars().next().unwrap();
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

fn check(u: &str) {
    let Ok(uri) = IriRef::parse_as(u, Grammar::UriReference) else {
        return;
    };
    let iri = uri.to_iri();
    let parsed = IriRef::parse(&iri).unwrap_or_else(|e| panic!("{u:?} -> {iri:?}: {e}"));
    let back = parsed
        .to_uri()
        .unwrap_or_else(|e| panic!("{u:?} -> {iri:?}: {e}"));
    assert_eq!(upper_hex(&back), upper_hex(u), "{u:?} -> {iri:?}");
}

fuzz_target!(|data: &[u8]| {
    if let Ok(s) = std::str::from_utf8(data) {
        check(s);
    }
    // "http://h/" and every byte as %HH: arbitrary octets for steps 2 to 5.
    let mut u = String::from("http://h/");
    for b in data.iter().take(64) {
        u.push_str(&format!("%{b:02x}"));
    }
    check(&u);
});
