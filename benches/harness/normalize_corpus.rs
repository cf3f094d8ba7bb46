//! Normalizes every line of the given files at the syntax and scheme levels, alternating with
//! fluent-uri's `normalize` round after round, and prints each one's best throughput and how
//! many lines were normal already: a quick, noise-resistant comparison and a target for
//! profilers (`cargo run --release --example normalize_corpus -- data/bench/urls.txt`;
//! `ONLY=syntax|scheme|fluent-uri` runs one, `ROUNDS` the rounds). Criterion (`cargo bench
//! --bench normalize`) is the measurement of record.

mod common;

use iriscan::normalize::Level;
use iriscan::IriRef;
use std::borrow::Cow;

fn main() {
    let lines = common::lines(|l| IriRef::parse(l).is_ok() && fluent_uri::IriRef::parse(l).is_ok());
    let level = |level: Level| {
        move |l: &str| {
            let iri = IriRef::parse(l).expect("parsed before");
            usize::from(matches!(iri.normalize(level), Ok(Cow::Borrowed(_))))
        }
    };
    let (syntax, scheme) = (level(Level::Syntax), level(Level::Scheme));
    let contenders: [common::Contender; 3] = [
        ("syntax", &syntax),
        ("scheme", &scheme),
        ("fluent-uri", &|l| {
            fluent_uri::IriRef::parse(l)
                .map_or(0, |i| usize::from(i.normalize().as_str().len() == l.len()))
        }),
    ];
    let best = common::race(&lines, &contenders, "ONLY");
    for ((name, _), (speed, normal)) in contenders.iter().zip(&best) {
        if *speed > 0.0 {
            println!(
                "{name:11} {speed:5.0} MB/s ({:.2}x fluent-uri), {normal} of {} lines normal already",
                speed / best[2].0.max(f64::MIN_POSITIVE),
                lines.len()
            );
        }
    }
}
