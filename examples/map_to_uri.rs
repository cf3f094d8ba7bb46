//! Maps each IRI given on the command line to a URI (3987bis 3.6) and back to an IRI (3.7).
//!
//! `cargo run --example map_to_uri -- 'http://résumé.example.org/rosé?q=日本'`

use iriscan::IriRef;

fn main() {
    for arg in std::env::args().skip(1) {
        let iri = match IriRef::parse(&arg) {
            Ok(iri) => iri,
            Err(e) => {
                eprintln!("{arg}: not an IRI reference: {e}");
                continue;
            }
        };
        // Non-ASCII characters percent-encoded as UTF-8, a DNS host with IDNA (xn--).
        match iri.to_uri() {
            Ok(uri) => {
                let back = IriRef::parse(&uri)
                    .expect("a URI is an IRI")
                    .to_iri()
                    .into_owned();
                println!("{arg}\n  URI: {uri}\n  IRI: {back}");
            }
            Err(e) => eprintln!("{arg}: {e}"),
        }
    }
}
