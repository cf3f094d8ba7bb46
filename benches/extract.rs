//! IRIs in log text (`iriscan::extract`) against the `linkify` crate, in the same run, in bytes
//! per second: `cargo bench --bench extract`. Each URL or IRI of `data/bench/` is put in a log
//! line of its own (a timestamp, a level, a method, the address, a status, a user agent), and
//! the text is searched whole: ASCII URLs, and IRIs. Beside them, what no search of the text can
//! do without: `memchr` over its ":"s, and the scanner over its addresses alone (found by the
//! log line's shape, not searched for).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use iriscan::extract::{extract, ExtractOptions};
use iriscan::IriRef;
use linkify::{LinkFinder, LinkKind};
use std::hint::black_box;

#[path = "scan.rs"]
#[allow(dead_code)]
mod own;

#[path = "harness/common/mod.rs"]
#[allow(dead_code)]
mod common;

/// The log text: one address a line.
fn log(lines: &[String]) -> String {
    lines
        .iter()
        .enumerate()
        .map(|(k, url)| common::log_line(k, url))
        .collect()
}

fn bench(c: &mut Criterion) {
    let options = ExtractOptions::new();
    let mut finder = LinkFinder::new();
    finder.kinds(&[LinkKind::Url]);
    for (name, lines) in own::corpora() {
        if name == "mixed" {
            continue;
        }
        let text = log(&lines);
        let mut g = c.benchmark_group(format!("extract/{name}"));
        g.throughput(Throughput::Bytes(text.len() as u64));
        g.bench_function("iriscan", |b| {
            b.iter(|| extract(black_box(&text), &options).count())
        });
        g.bench_function("linkify", |b| {
            b.iter(|| finder.links(black_box(&text)).count())
        });
        g.bench_function("memchr colons", |b| {
            b.iter(|| memchr::memchr_iter(b':', black_box(text.as_bytes())).count())
        });
        let addresses: Vec<&str> = text
            .lines()
            .filter_map(|line| line.split(' ').nth(4))
            .collect();
        assert_eq!(addresses.len(), lines.len());
        g.bench_function("scanner addresses", |b| {
            b.iter(|| {
                addresses
                    .iter()
                    .filter(|a| IriRef::parse(black_box(a)).is_ok())
                    .count()
            })
        });
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
