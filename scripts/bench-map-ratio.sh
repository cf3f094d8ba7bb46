#!/usr/bin/env bash
# The issue-4 speed target, measured so that one noisy run does not decide it: `to_uri` against
# iri-string's `encode_to_uri` on each corpus of `cargo bench --bench map`, each contender's
# criterion benchmark run alone (its own process, nothing benchmarked before it in that process),
# the two alternated ROUNDS times, and the ratio of the medians printed.
#
#   scripts/bench-map-ratio.sh [ROUNDS]      (default 3; corpora: CORPORA="iris mixed")
#
# Why: in one `cargo bench --bench map` run, iri-string's figure moves by 15% and more with what
# ran before it in the same process, and the machine drifts by 10% between runs; alternating
# single benchmarks and taking medians reads the ratio, not the drift.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
corpora=${CORPORA:-iris mixed}
cargo bench --bench map --no-run >/dev/null 2>&1

# The middle throughput estimate of one benchmark, in MiB/s.
measure() {
  cargo bench --bench map -- --warm-up-time 2 --measurement-time 4 "^map/$1/$2\$" 2>/dev/null |
    awk '/thrpt:/ { v = $4; u = $5; gsub(/\[/, "", v);
                    if (u ~ /^GiB/) v *= 1024; else if (u ~ /^KiB/) v /= 1024;
                    print v; exit }'
}

median() { sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

for corpus in $corpora; do
  ours=() theirs=()
  for ((r = 1; r <= rounds; r++)); do
    ours+=("$(measure "$corpus" 'iriscan to_uri')")
    theirs+=("$(measure "$corpus" 'iri-string encode_to_uri')")
  done
  a=$(printf '%s\n' "${ours[@]}" | median)
  b=$(printf '%s\n' "${theirs[@]}" | median)
  printf '%-7s to_uri %s MiB/s (runs: %s)  iri-string %s MiB/s (runs: %s)  ratio %.2fx\n' \
    "$corpus" "$a" "${ours[*]}" "$b" "${theirs[*]}" "$(echo "$a $b" | awk '{ print $1 / $2 }')"
done
