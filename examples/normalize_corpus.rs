//! Normalizes every line of the given files at the syntax and scheme levels, alternating with
//! fluent-uri's `normalize` round after round, and prints each one's best throughput and how
//! many lines came back borrowed (already normal): a quick, noise-resistant comparison and a
//! target for profilers (`cargo run --release --example normalize_corpus --
//! data/bench/urls.txt`; `ONLY=syntax|scheme|fluent-uri` runs one, `ROUNDS` the rounds).
//! Criterion (`cargo bench --bench normalize`) is the measurement of record.

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
                .filter(|l| IriRef::parse(l).is_ok() && fluent_uri::IriRef::parse(*l).is_ok())
                .map(str::to_string),
        );
    }
    let rounds: usize = std::env::var("ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(30);
    let only = std::env::var("ONLY").ok();
    let bytes: usize = lines.iter().map(|l| l.len()).sum();
    let names = ["syntax", "scheme", "fluent-uri"];
    let (mut best, mut borrowed) = ([0f64; 3], [0usize; 3]);
    for _ in 0..rounds {
        for (k, name) in names.iter().enumerate() {
            if only.as_deref().is_some_and(|o| o != *name) {
                continue;
            }
            let start = Instant::now();
            borrowed[k] = lines
                .iter()
                .filter(|l| match k {
                    0 | 1 => {
                        let level = if k == 0 { Level::Syntax } else { Level::Scheme };
                        let iri = IriRef::parse(black_box(l)).expect("parsed before");
                        matches!(iri.normalize(level), Ok(Cow::Borrowed(_)))
                    }
                    _ => fluent_uri::IriRef::parse(black_box(l.as_str()))
                        .is_ok_and(|i| i.normalize().as_str().len() == l.len()),
                })
                .count();
            best[k] = best[k].max(bytes as f64 / start.elapsed().as_secs_f64() / 1e6);
        }
    }
    for (k, name) in names.iter().enumerate() {
        if best[k] > 0.0 {
            println!(
                "{name:11} {:5.0} MB/s ({:.2}x fluent-uri), {} of {} lines already normal",
                best[k],
                best[k] / best[2].max(f64::MIN_POSITIVE),
                borrowed[k],
                lines.len()
            );
        }
    }
}
