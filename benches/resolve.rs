//! Reference resolution (RFC 3986 5.2) against oxiri's, in the same run, in bytes of references
//! per second: `cargo bench --bench resolve`. Each reference is parsed and resolved against a
//! fixed, pre-parsed base, by each library with its own parser. The references are the mixed
//! corpus of benches/scan.rs as it is (absolute IRIs: only dot segments to remove), each line's
//! path and query (absolute-path references), and "../" with each line's last segment and query
//! (merge and dot segments). Lines that either parser rejects are left out of both. "parse" is
//! each library's parse of the same references alone, the floor of its resolution.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use iriscan::{Iri, IriRef};
use std::hint::black_box;

#[path = "scan.rs"]
#[allow(dead_code)]
mod own;

const BASE: &str = "https://example.org/a/b/c/d;p?q";

/// The reference sets: (name, references).
fn references() -> Vec<(&'static str, Vec<String>)> {
    let (_, mixed) = own::corpora()
        .into_iter()
        .find(|(name, _)| *name == "mixed")
        .expect("the mixed corpus");
    let both = |s: &str| IriRef::parse(s).is_ok() && oxiri::IriRef::parse(s).is_ok();
    let mixed: Vec<String> = mixed.into_iter().filter(|l| both(l)).collect();
    let path_query: Vec<String> = mixed
        .iter()
        .map(|l| {
            let r = IriRef::parse(l).unwrap();
            let start = r.path().as_ptr() as usize - l.as_ptr() as usize;
            let stop = start + r.path().len() + r.query().map_or(0, |q| q.len() + 1);
            let p = &l[start..stop];
            if p.is_empty() {
                "/".to_string()
            } else {
                p.to_string()
            }
        })
        .filter(|s| both(s))
        .collect();
    let dot_dot: Vec<String> = mixed
        .iter()
        .map(|l| {
            let r = IriRef::parse(l).unwrap();
            let last = r.path().rsplit('/').next().unwrap_or("");
            match r.query() {
                Some(q) => format!("../{last}?{q}"),
                None => format!("../{last}"),
            }
        })
        .filter(|s| both(s))
        .collect();
    vec![
        ("mixed", mixed),
        ("mixed-path-query", path_query),
        ("mixed-dot-dot", dot_dot),
    ]
}

fn resolve(c: &mut Criterion) {
    let base = Iri::parse(BASE).unwrap();
    let ox_base = oxiri::Iri::parse(BASE).unwrap();
    for (name, refs) in references() {
        let bytes: u64 = refs.iter().map(|l| l.len() as u64).sum();
        let mut g = c.benchmark_group(format!("resolve/{name}"));
        g.throughput(Throughput::Bytes(bytes));
        // The floor of each: parsing the references alone.
        g.bench_function("iriscan parse", |b| {
            b.iter(|| {
                refs.iter()
                    .filter(|l| IriRef::parse(black_box(l)).is_ok())
                    .count()
            })
        });
        g.bench_function("oxiri parse", |b| {
            b.iter(|| {
                refs.iter()
                    .filter(|l| oxiri::IriRef::parse(black_box(l.as_str())).is_ok())
                    .count()
            })
        });
        g.bench_function("iriscan resolve", |b| {
            b.iter(|| {
                refs.iter()
                    .map(|l| {
                        IriRef::parse(black_box(l)).map_or(0, |r| black_box(base.resolve(&r)).len())
                    })
                    .sum::<usize>()
            })
        });
        g.bench_function("oxiri resolve", |b| {
            b.iter(|| {
                refs.iter()
                    .map(|l| {
                        oxiri::IriRef::parse(black_box(l.as_str())).map_or(0, |r| {
                            ox_base
                                .resolve(&r)
                                .map_or(0, |t| black_box(t).as_str().len())
                        })
                    })
                    .sum::<usize>()
            })
        });
        g.bench_function("iriscan resolve_into", |b| {
            let mut out = String::new();
            b.iter(|| {
                refs.iter()
                    .map(|l| {
                        out.clear();
                        if let Ok(r) = IriRef::parse(black_box(l)) {
                            base.resolve_into(&r, &mut out);
                        }
                        black_box(&out).len()
                    })
                    .sum::<usize>()
            })
        });
        g.bench_function("oxiri resolve_into", |b| {
            let mut out = String::new();
            b.iter(|| {
                refs.iter()
                    .map(|l| {
                        out.clear();
                        if let Ok(r) = oxiri::IriRef::parse(black_box(l.as_str())) {
                            let _ = ox_base.resolve_into(&r, &mut out);
                        }
                        black_box(&out).len()
                    })
                    .sum::<usize>()
            })
        });
        // The resolution step alone: references parsed beforehand.
        let ours: Vec<IriRef<'_>> = refs.iter().map(|l| IriRef::parse(l).unwrap()).collect();
        let theirs: Vec<oxiri::IriRef<&str>> = refs
            .iter()
            .map(|l| oxiri::IriRef::parse(l.as_str()).unwrap())
            .collect();
        g.bench_function("iriscan resolve_into, parsed", |b| {
            let mut out = String::new();
            b.iter(|| {
                ours.iter()
                    .map(|r| {
                        out.clear();
                        base.resolve_into(black_box(r), &mut out);
                        black_box(&out).len()
                    })
                    .sum::<usize>()
            })
        });
        g.bench_function("oxiri resolve_into, parsed", |b| {
            let mut out = String::new();
            b.iter(|| {
                theirs
                    .iter()
                    .map(|r| {
                        out.clear();
                        let _ = ox_base.resolve_into(black_box(r), &mut out);
                        black_box(&out).len()
                    })
                    .sum::<usize>()
            })
        });
        g.finish();
    }
}

criterion_group!(benches, resolve);
criterion_main!(benches);
