//! What the `*_corpus` examples share: the lines of the files named on the command line, and a
//! race of contenders over them, alternating round after round (the machine's drift hits all
//! alike), keeping each one's best throughput.

use std::hint::black_box;
use std::time::Instant;

/// A contender: its name, and what it makes of a line, as a number (summed over the lines and
/// printed, so that the work cannot be optimized away).
pub type Contender<'a> = (&'a str, &'a dyn Fn(&str) -> usize);

/// The lines of the files named on the command line that `keep` accepts.
pub fn lines(keep: impl Fn(&str) -> bool) -> Vec<String> {
    let mut lines = Vec::new();
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        lines.extend(text.lines().filter(|l| keep(l)).map(str::to_string));
    }
    lines
}

/// Runs the contenders over `lines` for `ROUNDS` rounds (30 by default), or only the one the
/// variable `only` names, and gives each one's best throughput in MB/s (0 if it did not run)
/// and its sum.
pub fn race(lines: &[String], contenders: &[Contender], only: &str) -> Vec<(f64, usize)> {
    let rounds: usize = std::env::var("ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(30);
    let only = std::env::var(only).ok();
    let bytes: usize = lines.iter().map(|l| l.len()).sum();
    let mut best = vec![(0f64, 0usize); contenders.len()];
    for _ in 0..rounds {
        for (k, (name, run)) in contenders.iter().enumerate() {
            if only.as_deref().is_some_and(|o| o != *name) {
                continue;
            }
            let start = Instant::now();
            let sum = lines.iter().map(|l| run(black_box(l))).sum();
            let speed = bytes as f64 / start.elapsed().as_secs_f64() / 1e6;
            best[k] = (best[k].0.max(speed), sum);
        }
    }
    best
}

/// The log line of the `k`th address of a corpus, as the extract bench and harness search it: a
/// timestamp, a level, a worker, a method, the address, a status, a time and a user agent.
// Only those two use it, not the other examples that share this module.
#[allow(dead_code)]
pub fn log_line(k: usize, address: &str) -> String {
    format!(
        "2026-11-26T12:{:02}:{:02}.{:03}Z INFO [worker-{}] GET {address} -> 200 ({} ms) \
         ua=\"Mozilla/5.0 (X11; Linux x86_64)\"\n",
        k / 60 % 60,
        k % 60,
        k % 1000,
        k % 8,
        k % 97
    )
}
