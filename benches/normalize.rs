//! Normalization against fluent-uri's, in the same run, in bytes per second:
//! `cargo bench --bench normalize`. Each line is parsed and normalized; lines that either
//! parser rejects are left out. fluent-uri's `normalize` is syntax-based normalization with
//! default ports dropped and IPv6 in RFC 5952 form, between iriscan's syntax and scheme levels.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use iriscan::normalize::Level;
use iriscan::IriRef;
use std::hint::black_box;

#[path = "scan.rs"]
#[allow(dead_code)]
mod own;

fn normalize(c: &mut Criterion) {
    for (name, lines) in own::corpora() {
        let lines: Vec<String> = lines
            .into_iter()
            .filter(|l| IriRef::parse(l).is_ok() && fluent_uri::IriRef::parse(l.as_str()).is_ok())
            .collect();
        let bytes: u64 = lines.iter().map(|l| l.len() as u64).sum();
        let mut g = c.benchmark_group(format!("normalize/{name}"));
        g.throughput(Throughput::Bytes(bytes));
        for level in [Level::Syntax, Level::Scheme] {
            g.bench_function(format!("iriscan {level}"), |b| {
                b.iter(|| {
                    lines
                        .iter()
                        .map(|l| {
                            IriRef::parse(black_box(l))
                                .ok()
                                .and_then(|i| i.normalize(level).ok())
                                .map_or(0, |n| n.len())
                        })
                        .sum::<usize>()
                })
            });
        }
        g.bench_function("fluent-uri normalize", |b| {
            b.iter(|| {
                lines
                    .iter()
                    .map(|l| {
                        fluent_uri::IriRef::parse(black_box(l.as_str()))
                            .map_or(0, |i| i.normalize().as_str().len())
                    })
                    .sum::<usize>()
            })
        });
        g.finish();
    }
}

criterion_group!(benches, normalize);
criterion_main!(benches);
