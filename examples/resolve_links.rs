//! Resolves the `href` values of an HTML page against the page's address (RFC 3986 5.2,
//! 3987bis 6.5), as a crawler does, read as browsers read them (Web Addresses, 3987bis 7.2).
//!
//! `cargo run --example resolve_links -- https://例え.jp/パス/index.html page.html`

use iriscan::preprocess::web_address_to_iri;
use iriscan::{Iri, IriRef};

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(address), Some(path)) = (args.next(), args.next()) else {
        eprintln!("usage: resolve_links ADDRESS PAGE.html");
        std::process::exit(2);
    };
    let base = match Iri::parse(&address) {
        Ok(base) => base,
        Err(e) => {
            eprintln!("{address}: the base must be an absolute IRI: {e}");
            std::process::exit(2);
        }
    };
    let page = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2);
    });
    // A small scan for href="..." and href='...': enough for an example, not an HTML parser.
    for value in page.split("href=").skip(1).filter_map(quoted) {
        let text = web_address_to_iri(value);
        match IriRef::parse(&text) {
            Ok(reference) => println!("{}", base.resolve(&reference)),
            Err(e) => eprintln!("{value:?}: {e}"),
        }
    }
}

/// The value of an attribute that starts `s`, between its quotes.
fn quoted(s: &str) -> Option<&str> {
    let quote = s.chars().next().filter(|&c| c == '"' || c == '\'')?;
    let rest = &s[1..];
    rest.find(quote).map(|end| &rest[..end])
}
