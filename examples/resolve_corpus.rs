//! Parses and resolves every line of the given files against a fixed base, alternating iriscan
//! and oxiri round after round, and prints each one's best throughput: a quick, noise-resistant
//! comparison and a target for profilers (`cargo run --release --example resolve_corpus --
//! data/bench/iris.txt data/bench/urls.txt`; `ROUNDS` the rounds). Criterion (`cargo bench
//! --bench resolve`) is the measurement of record.

use iriscan::{Iri, IriRef};
use std::hint::black_box;
use std::time::Instant;

const BASE: &str = "https://example.org/a/b/c/d;p?q";

fn main() {
    let mut lines = Vec::new();
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        lines.extend(
            text.lines()
                .filter(|l| IriRef::parse(l).is_ok() && oxiri::IriRef::parse(*l).is_ok())
                .map(str::to_string),
        );
    }
    let rounds: usize = std::env::var("ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(30);
    let base = Iri::parse(BASE).expect("a base");
    let ox_base = oxiri::Iri::parse(BASE).expect("a base");
    let bytes: usize = lines.iter().map(|l| l.len()).sum();
    let mut best = [0f64; 2];
    for _ in 0..rounds {
        let start = Instant::now();
        let n: usize = lines
            .iter()
            .map(|l| IriRef::parse(black_box(l)).map_or(0, |r| black_box(base.resolve(&r)).len()))
            .sum();
        black_box(n);
        best[0] = best[0].max(bytes as f64 / start.elapsed().as_secs_f64() / 1e6);
        let start = Instant::now();
        let n: usize = lines
            .iter()
            .map(|l| {
                oxiri::IriRef::parse(black_box(l.as_str())).map_or(0, |r| {
                    ox_base
                        .resolve(&r)
                        .map_or(0, |t| black_box(t).as_str().len())
                })
            })
            .sum();
        black_box(n);
        best[1] = best[1].max(bytes as f64 / start.elapsed().as_secs_f64() / 1e6);
    }
    println!(
        "iriscan {:.0} MB/s, oxiri {:.0} MB/s: {:.2}x",
        best[0],
        best[1],
        best[0] / best[1]
    );
}
