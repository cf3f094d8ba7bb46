//! Parses every line of the given files, alternating iriscan (wide and scalar) and oxiri round
//! after round, and prints each one's best throughput: a quick, noise-resistant comparison and a
//! target for profilers (`cargo run --release --example parse_corpus -- data/bench/iris.txt`;
//! `PARSER` runs one, `ROUNDS` the rounds). Criterion benches (`cargo bench`) are the
//! measurement of record.

mod common;

fn main() {
    let lines = common::lines(|_| true);
    let contenders: [common::Contender; 3] = [
        ("iriscan", &|l| {
            usize::from(iriscan::IriRef::parse(l).is_ok())
        }),
        ("iriscan-scalar", &|l| {
            usize::from(
                iriscan::validate_scalar(l.as_bytes(), iriscan::Grammar::IriReference).is_ok(),
            )
        }),
        ("oxiri", &|l| usize::from(oxiri::IriRef::parse(l).is_ok())),
    ];
    let best = common::race(&lines, &contenders, "PARSER");
    for ((name, _), (speed, ok)) in contenders.iter().zip(&best) {
        if *speed > 0.0 {
            println!(
                "{name:15} {speed:7.0} MB/s  ({ok} ok, {:.2}x oxiri)",
                speed / best[2].0.max(f64::MIN_POSITIVE)
            );
        }
    }
}
