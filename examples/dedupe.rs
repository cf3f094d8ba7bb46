//! Prints each line of standard input whose normal form was not seen before: the first of
//! each set of equivalent IRIs at the scheme level of the comparison ladder (3987bis 5.3).
//!
//! `printf 'http://a/b\nHTTP://A:80/./b\nhttp://a/%%62\n' | cargo run --example dedupe`

use iriscan::compare::{key, CompareOptions};
use iriscan::normalize::Level;
use iriscan::IriRef;
use std::collections::HashSet;
use std::io::BufRead;

fn main() -> std::io::Result<()> {
    let options = CompareOptions::new(Level::Scheme);
    let mut seen = HashSet::new();
    for line in std::io::stdin().lock().lines() {
        let line = line?;
        // The key is a string that two IRIs share exactly when they are equivalent; a line
        // that is not an IRI, or has no key, is kept by its text.
        let k = IriRef::parse(&line)
            .ok()
            .and_then(|iri| key(&iri, &options).ok().flatten())
            .unwrap_or_else(|| line.clone());
        if seen.insert(k) {
            println!("{line}");
        }
    }
    Ok(())
}
