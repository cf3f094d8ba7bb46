//! The scheme table, `data/schemes.csv`, compiled into a `match` on a key of the lowercase
//! scheme (`src/scheme/key.rs`): its bytes and its length packed into a `u128`, so that a lookup
//! is a few integer comparisons (a `match` on the name's bytes compared them with `bcmp`, one
//! arm after another).

#[path = "../src/scheme/key.rs"]
mod key;

use key::{last_bytes, scheme_key, SCHEME_KEY_LEN};
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
        let f: Vec<&str> = line.splitn(6, ',').map(str::trim).collect();
        let [name, port, dns, slash, authority, defined_by] = f[..] else {
            panic!("schemes.csv line {}: want scheme,default_port,dns_host,empty_path_is_slash,authority,defined_by", n + 1)
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
            "SchemeInfo {{ name: {name:?}, default_port: {port}, dns_host: {}, empty_path_is_slash: {}, authority: {}, defined_by: {defined_by:?} }}",
            flag(dns),
            flag(slash),
            flag(authority)
        );
        assert!(
            name.len() <= SCHEME_KEY_LEN,
            "schemes.csv line {}: {name:?} is longer than {SCHEME_KEY_LEN} bytes, which a key holds",
            n + 1
        );
        let key = scheme_key(name.as_bytes()).expect("checked above");
        arms.push_str(&format!("        {key:#x} => Some(&{value}),\n"));
        seen.push(name.to_string());
    }
    writeln!(
        out,
        "/// The schemes of `data/schemes.csv` by [`crate::scheme::scheme_key`] of their lowercase name.\npub(crate) fn scheme_by_key(key: u128) -> Option<&'static SchemeInfo> {{\n    match key {{\n{arms}        _ => None,\n    }}\n}}\n"
    )
    .unwrap();
    let last = last_bytes(seen.iter().map(|name| name.as_bytes()));
    writeln!(
        out,
        "/// The bytes a scheme of `data/schemes.csv` ends with, either case: bit `c` for byte `c`.\npub(crate) const SCHEME_LAST_BYTES: u128 = {last:#x};\n"
    )
    .unwrap();
}
