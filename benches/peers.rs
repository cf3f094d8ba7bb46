//! iriscan against its Rust peers on the same inputs, in the same run, in bytes per second:
//! `cargo bench --bench peers`. Each parses every line of a corpus as an IRI reference (`url`,
//! which has no relative form, parses an absolute URL).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

#[path = "scan.rs"]
#[allow(dead_code)]
mod own;

fn peers(c: &mut Criterion) {
    for (name, lines) in own::corpora() {
        let bytes: u64 = lines.iter().map(|l| l.len() as u64).sum();
        let mut g = c.benchmark_group(format!("peers/{name}"));
        g.throughput(Throughput::Bytes(bytes));
        g.bench_function("iriscan", |b| {
            b.iter(|| {
                lines
                    .iter()
                    .filter(|l| iriscan::IriRef::parse(black_box(l)).is_ok())
                    .count()
            })
        });
        g.bench_function("oxiri", |b| {
            b.iter(|| {
                lines
                    .iter()
                    .filter(|l| oxiri::IriRef::parse(black_box(l.as_str())).is_ok())
                    .count()
            })
        });
        g.bench_function("iri-string", |b| {
            b.iter(|| {
                lines
                    .iter()
                    .filter(|l| {
                        iri_string::types::IriReferenceStr::new(black_box(l.as_str())).is_ok()
                    })
                    .count()
            })
        });
        g.bench_function("fluent-uri", |b| {
            b.iter(|| {
                lines
                    .iter()
                    .filter(|l| fluent_uri::IriRef::parse(black_box(l.as_str())).is_ok())
                    .count()
            })
        });
        g.bench_function("url", |b| {
            b.iter(|| {
                lines
                    .iter()
                    .filter(|l| url::Url::parse(black_box(l)).is_ok())
                    .count()
            })
        });
        g.finish();
    }
}

criterion_group!(benches, peers);
criterion_main!(benches);
