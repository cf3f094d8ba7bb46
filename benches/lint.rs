//! Lints on the bench corpus of `data/bench/`, in bytes per second, against parsing alone in
//! the same run: `cargo bench --bench lint`. Every line is parsed; the valid ones are linted.
//! The IRIs are also taken apart by the way the lints read them: lines of up to 128 bytes
//! without a right-to-left character (divided from bit masks), lines with one, and longer lines
//! (both read a byte at a time).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use iriscan::IriRef;
use std::hint::black_box;
use unicode_bidi::{bidi_class, BidiClass};

#[path = "scan.rs"]
#[allow(dead_code)]
mod own;

fn lint(c: &mut Criterion) {
    let mut corpora = own::corpora();
    let iris = corpora[1].1.clone();
    let rtl = |l: &String| {
        l.chars()
            .any(|c| matches!(bidi_class(c), BidiClass::R | BidiClass::AL))
    };
    let (short, long): (Vec<String>, Vec<String>) = iris.into_iter().partition(|l| l.len() <= 128);
    let (with_rtl, short): (Vec<String>, Vec<String>) = short.into_iter().partition(rtl);
    corpora.push(("iris of up to 128 bytes, left to right", short));
    corpora.push(("iris of up to 128 bytes, right to left", with_rtl));
    corpora.push(("iris of over 128 bytes", long));
    for (name, lines) in corpora {
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
