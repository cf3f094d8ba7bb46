//! Normalizes every line of the given files at one level, round after round, and prints the best
//! throughput and how many lines came back borrowed (already normal): a target for profilers
//! (`LEVEL=scheme cargo run --release --example normalize_corpus -- data/bench/urls.txt`;
//! `LEVEL` is `syntax` or `scheme`, `ROUNDS` the rounds). Criterion (`cargo bench --bench
//! normalize`) is the measurement of record.

use iriscan::normalize::Level;
use iriscan::IriRef;
use std::borrow::Cow;
use std::hint::black_box;
use std::time::Instant;

fn main() {
    let mut lines = Vec::new();
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        lines.extend(
            text.lines()
                .filter(|l| IriRef::parse(l).is_ok())
                .map(str::to_string),
        );
    }
    let rounds: usize = std::env::var("ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(30);
    let level = match std::env::var("LEVEL").as_deref() {
        Ok("syntax") => Level::Syntax,
        _ => Level::Scheme,
    };
    let bytes: usize = lines.iter().map(|l| l.len()).sum();
    let (mut best, mut borrowed) = (0f64, 0);
    for _ in 0..rounds {
        let start = Instant::now();
        borrowed = lines
            .iter()
            .filter(|l| {
                let iri = IriRef::parse(black_box(l)).expect("parsed before");
                matches!(iri.normalize(level), Ok(Cow::Borrowed(_)))
            })
            .count();
        best = best.max(bytes as f64 / start.elapsed().as_secs_f64() / 1e6);
    }
    println!(
        "{level}: {best:.0} MB/s, {borrowed} of {} lines already normal",
        lines.len()
    );
}
