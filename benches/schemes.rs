//! The scheme table: the generated `phf` map against the generated `match`, on the schemes of
//! the bench corpus (`cargo bench --bench schemes`). `scheme_info` uses the faster.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

fn schemes(c: &mut Criterion) {
    let mut names: Vec<String> = Vec::new();
    for file in ["urls.txt", "iris.txt"] {
        let text =
            std::fs::read_to_string(format!("{}/data/bench/{file}", env!("CARGO_MANIFEST_DIR")))
                .unwrap();
        names.extend(
            text.lines()
                .filter_map(|l| l.split_once(':'))
                .map(|(s, _)| s.to_string()),
        );
    }
    names.extend(["HTTP", "x-custom", "sips", "coap", "urn"].map(String::from));
    let mut g = c.benchmark_group("scheme_info");
    g.throughput(Throughput::Elements(names.len() as u64));
    g.bench_function("phf", |b| {
        b.iter(|| {
            names
                .iter()
                .filter(|n| iriscan::scheme_info_phf(black_box(n)).is_some())
                .count()
        })
    });
    g.bench_function("match", |b| {
        b.iter(|| {
            names
                .iter()
                .filter(|n| iriscan::scheme_info_match(black_box(n)).is_some())
                .count()
        })
    });
    g.finish();
}

criterion_group!(benches, schemes);
criterion_main!(benches);
