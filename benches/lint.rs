//! Lints on the bench corpus of `data/bench/`, in bytes per second, against parsing alone in
//! the same run: `cargo bench --bench lint`. Every line is parsed; the valid ones are linted.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use iriscan::IriRef;
use std::hint::black_box;

#[path = "scan.rs"]
#[allow(dead_code)]
mod own;

fn lint(c: &mut Criterion) {
    for (name, lines) in own::corpora() {
        let bytes: u64 = lines.iter().map(|l| l.len() as u64).sum();
        let mut g = c.benchmark_group(format!("lint/{name}"));
        g.throughput(Throughput::Bytes(bytes));
        g.bench_function("parse", |b| {
            b.iter(|| {
                lines
                    .iter()
                    .filter(|l| IriRef::parse(black_box(l)).is_ok())
                    .count()
            })
        });
        g.bench_function("parse and lint", |b| {
            b.iter(|| {
                lines
                    .iter()
                    .filter_map(|l| IriRef::parse(black_box(l)).ok())
                    .map(|i| i.lints().len())
                    .sum::<usize>()
            })
        });
        g.finish();
    }
}

criterion_group!(benches, lint);
criterion_main!(benches);
