//! The scheme table, `data/schemes.csv`, compiled into a `match` on the lowercase scheme.
//!
//! A `phf_codegen` map was measured against the `match` (`cargo bench --bench schemes` at commit
//! "Scheme table as phf and as match"): the match looked up 38 M schemes/s, phf 9.6 M/s, so the
//! match stays and phf went.

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
        arms.push_str(&format!("        b{name:?} => Some(&{value}),\n"));
        seen.push(name.to_string());
    }
    writeln!(
        out,
        "/// The schemes of `data/schemes.csv` as a `match` on the lowercase name (bytes: no UTF-8 check\n/// of a name that `scheme_info` lowercased into a buffer)."
    )
    .unwrap();
    writeln!(out, "pub(crate) fn scheme_by_match(name: &[u8]) -> Option<&'static SchemeInfo> {{\n    match name {{\n{arms}        _ => None,\n    }}\n}}\n").unwrap();
    writeln!(
        out,
        "/// Length of the longest scheme name in [`scheme_by_match`]."
    )
    .unwrap();
    writeln!(
        out,
        "pub(crate) const SCHEME_MAX_LEN: usize = {};\n",
        seen.iter().map(String::len).max().unwrap_or(0)
    )
    .unwrap();
}
