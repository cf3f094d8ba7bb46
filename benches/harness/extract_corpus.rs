//! Searches log text for IRIs, alternating iriscan's `extract` and the `linkify` crate round
//! after round, and prints each one's best throughput: each line of the given files in a log
//! line of its own, as `cargo bench --bench extract` makes them, the text searched whole. A
//! quick comparison and a target for profilers, whose instruction counts this machine's noise
//! does not move (`cargo run --release --example extract_corpus -- data/bench/urls.txt`;
//! `FINDER` runs one, `ROUNDS` the rounds). The bench is the measurement of record.

mod common;

use iriscan::extract::{extract, ExtractOptions};
use linkify::{LinkFinder, LinkKind};

fn main() {
    let addresses = common::lines(|_| true);
    let text: String = addresses
        .iter()
        .enumerate()
        .map(|(k, a)| common::log_line(k, a))
        .collect();
    let options = ExtractOptions::new();
    let mut finder = LinkFinder::new();
    finder.kinds(&[LinkKind::Url]);
    let contenders: [common::Contender; 2] = [
        ("iriscan", &|t| extract(t, &options).count()),
        ("linkify", &|t| finder.links(t).count()),
    ];
    let best = common::race(&[text], &contenders, "FINDER");
    for ((name, _), (speed, found)) in contenders.iter().zip(&best) {
        if *speed > 0.0 {
            println!(
                "{name:8} {speed:7.0} MB/s  ({found} found, {:.2}x linkify)",
                speed / best[1].0.max(f64::MIN_POSITIVE)
            );
        }
    }
}
