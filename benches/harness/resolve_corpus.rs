//! Parses and resolves every line of the given files against a fixed base, alternating iriscan
//! and oxiri round after round, and prints each one's best throughput: a quick, noise-resistant
//! comparison and a target for profilers (`cargo run --release --example resolve_corpus --
//! data/bench/iris.txt data/bench/urls.txt`; `ONLY=iriscan|oxiri` runs one, `ROUNDS` the
//! rounds). Criterion (`cargo bench --bench resolve`) is the measurement of record.

mod common;

use iriscan::{Iri, IriRef};
use std::hint::black_box;

const BASE: &str = "https://example.org/a/b/c/d;p?q";

fn main() {
    let lines = common::lines(|l| IriRef::parse(l).is_ok() && oxiri::IriRef::parse(l).is_ok());
    let base = Iri::parse(BASE).expect("a base");
    let ox_base = oxiri::Iri::parse(BASE).expect("a base");
    let contenders: [common::Contender; 2] = [
        ("iriscan", &|l| {
            IriRef::parse(l).map_or(0, |r| black_box(base.resolve(&r)).len())
        }),
        ("oxiri", &|l| {
            oxiri::IriRef::parse(l).map_or(0, |r| {
                ox_base
                    .resolve(&r)
                    .map_or(0, |t| black_box(t).as_str().len())
            })
        }),
    ];
    let best = common::race(&lines, &contenders, "ONLY");
    println!(
        "iriscan {:.0} MB/s, oxiri {:.0} MB/s: {:.2}x",
        best[0].0,
        best[1].0,
        best[0].0 / best[1].0.max(f64::MIN_POSITIVE)
    );
}
