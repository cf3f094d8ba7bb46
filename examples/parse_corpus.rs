//! Parses every line of the given files, alternating iriscan (wide and scalar) and oxiri round
//! after round, and prints each one's best throughput: a quick, noise-resistant comparison and a
//! target for profilers (`cargo run --release --example parse_corpus -- data/bench/iris.txt`).
//! Criterion benches (`cargo bench`) are the measurement of record.

use std::hint::black_box;
use std::time::Instant;

/// A parser under test: does it accept the line?
type Parser = dyn Fn(&str) -> bool;

fn main() {
    let mut lines = Vec::new();
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        lines.extend(text.lines().map(str::to_string));
    }
    let rounds: usize = std::env::var("ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(30);
    let only = std::env::var("PARSER").ok();
    let bytes: usize = lines.iter().map(|l| l.len()).sum();
    let parsers: [(&str, &Parser); 3] = [
        ("iriscan", &|l| iriscan::IriRef::parse(l).is_ok()),
        ("iriscan-scalar", &|l| {
            iriscan::validate_scalar(l.as_bytes(), iriscan::Grammar::IriReference).is_ok()
        }),
        ("oxiri", &|l| oxiri::IriRef::parse(l).is_ok()),
    ];
    let mut best = [0f64; 3];
    let mut ok = [0usize; 3];
    for _ in 0..rounds {
        for (k, (name, parse)) in parsers.iter().enumerate() {
            if only.as_deref().is_some_and(|o| o != *name) {
                continue;
            }
            let start = Instant::now();
            ok[k] = lines.iter().filter(|l| parse(black_box(l))).count();
            best[k] = best[k].max(bytes as f64 / start.elapsed().as_secs_f64() / 1e6);
        }
    }
    for (k, (name, _)) in parsers.iter().enumerate() {
        if best[k] > 0.0 {
            println!(
                "{name:15} {:7.0} MB/s  ({} ok, {:.2}x oxiri)",
                best[k],
                ok[k],
                best[k] / best[2].max(f64::MIN_POSITIVE)
            );
        }
    }
}
