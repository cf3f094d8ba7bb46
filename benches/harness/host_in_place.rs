//! What the host mapping of `to_uri` costs in place, against its cost alone: every line parsed
//! (`parse`), every line parsed and its host tested for a non-ASCII octet (`parse+test`), every
//! line parsed and then its non-ASCII DNS host mapped with IDNA ToASCII (`parse+host`), and the
//! same hosts mapped alone, one after the other (`hosts`), each the best of `ROUNDS` rounds (30
//! by default), in microseconds for the whole input (`cargo run --release --features internals
//! --example host_in_place -- data/bench/iris.txt`: the host mapping alone is a hook of that
//! feature). The test is this harness's (`str::is_ascii`, then a
//! branch on it), not `to_uri`'s: what it costs is printed apart, and the in-place extra is
//! `parse+host - parse+test - hosts`. A measure of what the host path loses beside the parser,
//! not a benchmark of record.

mod common;

use iriscan::{HostKind, IriRef};
use std::cell::RefCell;

/// The DNS host of `iri` when it has a non-ASCII character, which `to_uri` maps with IDNA.
fn idna_host<'a>(iri: &IriRef<'a>) -> Option<&'a str> {
    (iri.host_kind() == Some(HostKind::RegName))
        .then(|| iri.host())
        .flatten()
        .filter(|h| !h.is_ascii())
}

fn main() {
    let lines = common::lines(|l| IriRef::parse(l).is_ok());
    let hosts: Vec<String> = lines
        .iter()
        .filter_map(|l| IriRef::parse(l).ok())
        .filter_map(|i| idna_host(&i).map(str::to_string))
        .collect();
    let out = RefCell::new(Vec::with_capacity(512));
    let map = |host: &str| {
        let mut out = out.borrow_mut();
        out.clear();
        iriscan::internals::push_host_to_ascii(&mut out, host, false).map_or(0, |_| out.len())
    };
    let parse = |l: &str| IriRef::parse(l).map_or(0, |i| i.as_str().len());
    let contenders: [common::Contender; 3] = [
        ("parse", &parse),
        ("parse+test", &|l| match IriRef::parse(l) {
            Ok(i) => idna_host(&i).map_or(1, str::len),
            Err(_) => 0,
        }),
        ("parse+host", &|l| match IriRef::parse(l) {
            Ok(i) => idna_host(&i).map_or(1, map),
            Err(_) => 0,
        }),
    ];
    let best = common::race(&lines, &contenders, "ONLY");
    let alone = common::race(&hosts, &[("hosts", &map)], "ONLY");
    let micros = |lines: &[String], speed: f64| {
        lines.iter().map(String::len).sum::<usize>() as f64 / speed.max(f64::MIN_POSITIVE)
    };
    let (parse, test, both) = (
        micros(&lines, best[0].0),
        micros(&lines, best[1].0),
        micros(&lines, best[2].0),
    );
    let hosts_alone = micros(&hosts, alone[0].0);
    println!(
        "{} lines, {} non-ASCII hosts: parse {parse:.0} us, the host test {:.0} us more, \
         hosts alone {hosts_alone:.0} us, parse+host {both:.0} us: {:.0} us more in place",
        lines.len(),
        hosts.len(),
        test - parse,
        both - test - hosts_alone,
    );
}
