//! Parses every line of the given files, alternating iriscan (wide and scalar) and oxiri round
//! after round, and prints each one's best throughput: a quick, noise-resistant comparison and a
//! target for profilers (`cargo run --release --example parse_corpus -- data/bench/iris.txt`;
//! `PARSER` runs one, `ROUNDS` the rounds; the byte-at-a-time scanner takes part with
//! `--features internals`). Criterion benches (`cargo bench`) are the measurement of record.

mod common;

fn main() {
    let lines = common::lines(|_| true);
    let mut contenders: Vec<common::Contender> = vec![("iriscan", &|l| {
        usize::from(iriscan::IriRef::parse(l).is_ok())
    })];
    #[cfg(feature = "internals")]
    contenders.push(("iriscan-scalar", &|l| {
        usize::from(
            iriscan::internals::validate_scalar(l.as_bytes(), iriscan::Grammar::IriReference)
                .is_ok(),
        )
    }));
    contenders.push(("oxiri", &|l| usize::from(oxiri::IriRef::parse(l).is_ok())));
    let oxiri = contenders.len() - 1;
    let best = common::race(&lines, &contenders, "PARSER");
    for ((name, _), (speed, ok)) in contenders.iter().zip(&best) {
        if *speed > 0.0 {
            println!(
                "{name:15} {speed:7.0} MB/s  ({ok} ok, {:.2}x oxiri)",
                speed / best[oxiri].0.max(f64::MIN_POSITIVE)
            );
        }
    }
}
