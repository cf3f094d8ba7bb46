//! The scheme table, `data/schemes.csv`, compiled into a `match` on a key of the lowercase
//! scheme: its bytes and its length packed into a `u128`, so that a lookup is a few integer
//! comparisons (a `match` on the name's bytes compares them with `bcmp`, one arm after another;
//! `phf` hashes with SipHash, slower still).

use std::fmt::Write as _;
use std::path::Path;

pub fn write(out: &mut String, csv: &Path) {
    let text = std::fs::read_to_string(csv).unwrap_or_else(|e| panic!("{}: {e}", csv.display()));
    let mut seen = Vec::new();
    let mut arms = String::new();
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.splitn(5, ',').map(str::trim).collect();
        let [name, port, dns, slash, defined_by] = f[..] else {
            panic!("schemes.csv line {}: want scheme,default_port,dns_host,empty_path_is_slash,defined_by", n + 1)
        };
        assert!(
            name.bytes().next().is_some_and(|b| b.is_ascii_lowercase())
                && name
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"+-.".contains(&b)),
            "schemes.csv line {}: {name:?} is not a lowercase RFC 3986 3.1 scheme",
            n + 1
        );
        let port = if port.is_empty() {
            "None".to_string()
        } else {
            format!("Some({})", port.parse::<u16>().unwrap())
        };
        let flag = |s: &str| match s {
            "true" => true,
            "false" => false,
            _ => panic!("schemes.csv line {}: {s:?} is not true or false", n + 1),
        };
        let value = format!(
            "SchemeInfo {{ name: {name:?}, default_port: {port}, dns_host: {}, empty_path_is_slash: {}, defined_by: {defined_by:?} }}",
            flag(dns),
            flag(slash)
        );
        assert!(
            name.len() <= SCHEME_KEY_LEN,
            "schemes.csv line {}: {name:?} is longer than {SCHEME_KEY_LEN} bytes, which a key holds",
            n + 1
        );
        arms.push_str(&format!(
            "        {:#x} => Some(&{value}),\n",
            key(name.as_bytes())
        ));
        seen.push(name.to_string());
    }
    writeln!(
        out,
        "/// The schemes of `data/schemes.csv` by [`crate::scheme::scheme_key`] of their lowercase name.\npub(crate) fn scheme_by_key(key: u128) -> Option<&'static SchemeInfo> {{\n    match key {{\n{arms}        _ => None,\n    }}\n}}\n"
    )
    .unwrap();
    let mut last = 0u128;
    for name in &seen {
        let c = *name.as_bytes().last().unwrap();
        last |= 1 << c | 1 << c.to_ascii_uppercase();
    }
    writeln!(
        out,
        "/// The bytes a scheme of `data/schemes.csv` ends with, either case: bit `c` for byte `c`.\npub(crate) const SCHEME_LAST_BYTES: u128 = {last:#x};\n"
    )
    .unwrap();
    writeln!(
        out,
        "/// The most bytes of a name a key of [`scheme_by_key`] holds.\npub(crate) const SCHEME_KEY_LEN: usize = {SCHEME_KEY_LEN};\n"
    )
    .unwrap();
}

/// The most bytes of a name [`key`] packs, with its length in the top byte.
const SCHEME_KEY_LEN: usize = 15;

/// The key of a lowercase scheme name of at most [`SCHEME_KEY_LEN`] bytes: the bytes
/// little-endian, the length in the top byte (which keeps "http" and "http\0" apart). The crate's
/// `scheme_key` computes the same.
fn key(name: &[u8]) -> u128 {
    name.iter()
        .enumerate()
        .fold((name.len() as u128) << 120, |k, (i, &c)| {
            k | u128::from(c) << (8 * i)
        })
}
