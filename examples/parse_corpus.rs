//! Parses every line of the given files many times: a target for profilers
//! (`cargo run --release --example parse_corpus -- data/bench/urls.txt`).

fn main() {
    let mut lines = Vec::new();
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        lines.extend(text.lines().map(str::to_string));
    }
    let rounds = std::env::var("ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(200);
    let start = std::time::Instant::now();
    let mut ok = 0;
    for _ in 0..rounds {
        ok += lines.iter().filter(|l| iriscan::IriRef::parse(std::hint::black_box(l)).is_ok()).count();
    }
    let bytes: usize = lines.iter().map(|l| l.len()).sum::<usize>() * rounds;
    let secs = start.elapsed().as_secs_f64();
    eprintln!("{ok} ok, {:.0} MB/s", bytes as f64 / secs / 1e6);
}
