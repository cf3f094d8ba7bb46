//! The library on one core doing what the Python package's column functions do, the baseline of
//! `python/bench/columns.py`: the lines of the given files, repeated to `REPEAT` times (20 by
//! default), held in one buffer with offsets as an Arrow array holds them; validated into
//! booleans, and normalized (syntax and scheme levels) into one buffer with offsets. Prints each
//! one's best throughput in MB/s over `ROUNDS` rounds (`cargo run --release --example
//! column_corpus -- data/bench/urls.txt`).

use iriscan::normalize::Level;
use iriscan::{Grammar, IriRef};
use std::hint::black_box;
use std::time::Instant;

fn main() {
    let mut lines = Vec::new();
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        lines.extend(text.lines().map(str::to_string));
    }
    let repeat: usize = env_number("REPEAT", 20);
    let rounds: usize = env_number("ROUNDS", 10);
    let (mut buffer, mut ends) = (String::new(), vec![0]);
    for _ in 0..repeat {
        for line in &lines {
            buffer.push_str(line);
            ends.push(buffer.len());
        }
    }
    let row = |i: usize| &buffer[ends[i]..ends[i + 1]];
    let rows = ends.len() - 1;
    let mut best = [0f64; 3];
    for _ in 0..rounds {
        let start = Instant::now();
        let valid: Vec<bool> = (0..rows)
            .map(|i| Grammar::IriReference.validate(row(i).as_bytes()).is_ok())
            .collect();
        black_box(valid);
        best[0] = best[0].max(buffer.len() as f64 / start.elapsed().as_secs_f64() / 1e6);
        for (k, level) in [(1, Level::Syntax), (2, Level::Scheme)] {
            let start = Instant::now();
            let (mut out, mut out_ends) = (String::new(), Vec::with_capacity(rows + 1));
            for i in 0..rows {
                if let Ok(n) = IriRef::parse(row(i)).map(|iri| iri.normalize(level)) {
                    out.push_str(&n.unwrap_or_default());
                }
                out_ends.push(out.len());
            }
            black_box((out, out_ends));
            best[k] = best[k].max(buffer.len() as f64 / start.elapsed().as_secs_f64() / 1e6);
        }
    }
    println!("is_valid {:.0} MB/s", best[0]);
    println!("normalize syntax {:.0} MB/s", best[1]);
    println!("normalize scheme {:.0} MB/s", best[2]);
}

fn env_number(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}
