//! IRI to URI and URI to IRI against iri-string's mapping, in the same run, in bytes per second:
//! `cargo bench --bench map`. Each line is parsed and mapped; lines that do not parse are
//! skipped by both. `validate` is iriscan's own scan of the same lines, the floor of `to_uri`.
//! The `map-step` groups time the mapping alone, on lines each library parsed beforehand, and
//! the `map-host` groups IDNA ToASCII of the non-ASCII hosts alone, against the `idna` crate.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use iri_string::types::IriReferenceStr;
use iriscan::map::{HostMapping, ToUriOptions};
use iriscan::IriRef;
use std::hint::black_box;

#[path = "scan.rs"]
#[allow(dead_code)]
mod own;

fn map(c: &mut Criterion) {
    for (name, lines) in own::corpora() {
        let lines: Vec<String> = lines
            .into_iter()
            .filter(|l| IriRef::parse(l).is_ok() && IriReferenceStr::new(l).is_ok())
            .collect();
        let bytes: u64 = lines.iter().map(|l| l.len() as u64).sum();
        let mut g = c.benchmark_group(format!("map/{name}"));
        g.throughput(Throughput::Bytes(bytes));
        g.bench_function("iriscan validate", |b| {
            b.iter(|| {
                lines
                    .iter()
                    .filter(|l| IriRef::parse(black_box(l)).is_ok())
                    .count()
            })
        });
        g.bench_function("iriscan to_uri", |b| {
            b.iter(|| {
                lines
                    .iter()
                    .map(|l| {
                        IriRef::parse(black_box(l))
                            .ok()
                            .and_then(|i| i.to_uri().ok())
                            .map_or(0, |u| u.len())
                    })
                    .sum::<usize>()
            })
        });
        // iri-string percent-encodes hosts: this is iriscan doing the same work.
        let percent = ToUriOptions::default().host(HostMapping::PercentEncode);
        g.bench_function("iriscan to_uri --host percent", |b| {
            b.iter(|| {
                lines
                    .iter()
                    .map(|l| {
                        IriRef::parse(black_box(l))
                            .ok()
                            .and_then(|i| i.to_uri_with(&percent).ok())
                            .map_or(0, |u| u.len())
                    })
                    .sum::<usize>()
            })
        });
        g.bench_function("iri-string encode_to_uri", |b| {
            b.iter(|| {
                lines
                    .iter()
                    .map(|l| {
                        IriReferenceStr::new(black_box(l))
                            .map_or(0, |i| i.encode_to_uri().to_string().len())
                    })
                    .sum::<usize>()
            })
        });
        g.bench_function("iriscan to_iri", |b| {
            b.iter(|| {
                lines
                    .iter()
                    .map(|l| IriRef::parse(black_box(l)).map_or(0, |i| i.to_iri().len()))
                    .sum::<usize>()
            })
        });
        g.finish();

        // The mapping step alone, on lines parsed beforehand by each library (iri-string's
        // `encode_to_uri` is a method of an already validated `IriReferenceStr`).
        let parsed: Vec<IriRef<'_>> = lines.iter().filter_map(|l| IriRef::parse(l).ok()).collect();
        let validated: Vec<&IriReferenceStr> = lines
            .iter()
            .filter_map(|l| IriReferenceStr::new(l).ok())
            .collect();
        let mut g = c.benchmark_group(format!("map-step/{name}"));
        g.throughput(Throughput::Bytes(bytes));
        g.bench_function("iriscan to_uri", |b| {
            b.iter(|| {
                parsed
                    .iter()
                    .map(|i| black_box(i).to_uri().map_or(0, |u| u.len()))
                    .sum::<usize>()
            })
        });
        g.bench_function("iri-string encode_to_uri", |b| {
            b.iter(|| {
                validated
                    .iter()
                    .map(|i| black_box(i).encode_to_uri().to_string().len())
                    .sum::<usize>()
            })
        });
        g.finish();

        #[cfg(feature = "internals")]
        map_host(c, name, &parsed);
    }
}

/// IDNA ToASCII of the non-ASCII hosts alone (3.4): iriscan's fast path, with the crate behind it
/// for the hosts the fast path leaves, against the `idna` crate with the same options. Bytes of
/// the hosts per second. The host mapping alone is a hook of the `internals` feature.
#[cfg(feature = "internals")]
fn map_host(c: &mut Criterion, name: &str, parsed: &[IriRef<'_>]) {
    use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};
    let hosts: Vec<&str> = parsed
        .iter()
        .filter(|i| i.host_kind() == Some(iriscan::HostKind::RegName))
        .filter_map(|i| i.host())
        .filter(|h| !h.is_ascii())
        .collect();
    if hosts.is_empty() {
        return;
    }
    let mut g = c.benchmark_group(format!("map-host/{name}"));
    g.throughput(Throughput::Bytes(
        hosts.iter().map(|h| h.len() as u64).sum(),
    ));
    g.bench_function("iriscan", |b| {
        let mut out = Vec::with_capacity(512);
        b.iter(|| {
            hosts
                .iter()
                .map(|h| {
                    out.clear();
                    iriscan::internals::push_host_to_ascii(&mut out, black_box(h), false)
                        .map_or(0, |_| out.len())
                })
                .sum::<usize>()
        })
    });
    g.bench_function("idna", |b| {
        let uts46 = Uts46::new();
        b.iter(|| {
            hosts
                .iter()
                .map(|h| {
                    uts46
                        .to_ascii(
                            black_box(h).as_bytes(),
                            AsciiDenyList::EMPTY,
                            Hyphens::Allow,
                            DnsLength::VerifyAllowRootDot,
                        )
                        .map_or(0, |a| a.len())
                })
                .sum::<usize>()
        })
    });
    g.finish();
}

criterion_group!(benches, map);
criterion_main!(benches);
