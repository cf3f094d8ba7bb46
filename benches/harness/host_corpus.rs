//! Maps the non-ASCII hosts of the given files to their ACE form (IDNA ToASCII, 3987bis 3.4),
//! alternating iriscan and the `idna` crate (with the same options) round after round, and prints
//! each one's best throughput, in bytes of hosts: the host mapping of `to_uri` alone, and a target
//! for profilers (`cargo run --release --features internals --example host_corpus --
//! data/bench/iris.txt`, the host mapping alone being a hook of that feature;
//! `ONLY=iriscan|idna|fast` runs one, `fast` being iriscan's fast path alone, to which the hosts it
//! leaves to the crate, 0.2% of the corpus's, cost nothing; `ROUNDS` the rounds). Criterion (`cargo
//! bench --features internals --bench map -- map-host`) is the measurement of record.

mod common;

use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};
use iriscan::{HostKind, IriRef};
use std::cell::RefCell;

fn main() {
    // The lines are the hosts: the race measures their bytes.
    let hosts: Vec<String> = common::lines(|_| true)
        .iter()
        .filter_map(|l| IriRef::parse(l).ok())
        .filter(|i| i.host_kind() == Some(HostKind::RegName))
        .filter_map(|i| i.host().filter(|h| !h.is_ascii()).map(str::to_string))
        .collect();
    let out = RefCell::new(Vec::with_capacity(512));
    let map = |host: &str, fast_only: bool| {
        let mut out = out.borrow_mut();
        out.clear();
        match iriscan::internals::push_host_to_ascii(&mut out, host, fast_only) {
            Ok(true) => out.len(),
            _ => 0,
        }
    };
    let uts46 = Uts46::new();
    let contenders: [common::Contender; 3] = [
        ("iriscan", &|h| map(h, false)),
        ("idna", &|h| {
            uts46
                .to_ascii(
                    h.as_bytes(),
                    AsciiDenyList::EMPTY,
                    Hyphens::Allow,
                    DnsLength::VerifyAllowRootDot,
                )
                .map_or(0, |a| a.len())
        }),
        ("fast", &|h| map(h, true)),
    ];
    let best = common::race(&hosts, &contenders, "ONLY");
    println!(
        "{} hosts: iriscan {:.0} MB/s, idna {:.0} MB/s: {:.2}x; the fast path alone {:.0} MB/s",
        hosts.len(),
        best[0].0,
        best[1].0,
        best[0].0 / best[1].0.max(f64::MIN_POSITIVE),
        best[2].0,
    );
}
