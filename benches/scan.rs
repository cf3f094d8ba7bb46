//! iriscan's own scanner on the bench corpus of `data/bench/` (ASCII URLs, IRIs, and both mixed),
//! in bytes per second. `cargo bench --bench scan`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use iriscan::{Grammar, IriRef};
use std::hint::black_box;

/// The corpora: (name, lines). "mixed" interleaves the two files line by line.
pub fn corpora() -> Vec<(&'static str, Vec<String>)> {
    let read = |name: &str| -> Vec<String> {
        let path = format!("{}/data/bench/{name}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{path}: {e}"))
            .lines()
            .map(str::to_string)
            .collect()
    };
    let urls = read("urls.txt");
    let iris = read("iris.txt");
    let mixed = urls
        .iter()
        .zip(&iris)
        .flat_map(|(a, b)| [a.clone(), b.clone()])
        .collect();
    vec![("urls", urls), ("iris", iris), ("mixed", mixed)]
}

fn bytes(lines: &[String]) -> u64 {
    lines.iter().map(|l| l.len() as u64).sum()
}

fn scan(c: &mut Criterion) {
    for (name, lines) in corpora() {
        let mut g = c.benchmark_group(format!("scan/{name}"));
        g.throughput(Throughput::Bytes(bytes(&lines)));
        g.bench_function("IriRef::parse", |b| {
            b.iter(|| {
                for l in &lines {
                    let _ = black_box(IriRef::parse(black_box(l)));
                }
            })
        });
        g.bench_function("Grammar::validate", |b| {
            b.iter(|| {
                lines
                    .iter()
                    .filter(|l| {
                        Grammar::IriReference
                            .validate(black_box(l.as_bytes()))
                            .is_ok()
                    })
                    .count()
            })
        });
        // The byte-at-a-time scanner is a hook of the `internals` feature.
        #[cfg(feature = "internals")]
        g.bench_function("scan_scalar", |b| {
            b.iter(|| {
                lines
                    .iter()
                    .filter(|l| {
                        iriscan::internals::validate_scalar(
                            black_box(l.as_bytes()),
                            Grammar::IriReference,
                        )
                        .is_ok()
                    })
                    .count()
            })
        });
        g.finish();
    }
}

criterion_group!(benches, scan);
criterion_main!(benches);
