#!/usr/bin/env bash
# Measures `iriscan dedupe` at the protocol level with sorted queries and tracking arguments
# dropped against `dedupe --level syntax`, on 1,000,000 distinct lines made from the bench
# corpus (each line of data/bench/ with "utm_source=nK&id=N" added to its query; not
# committed: written to a temporary folder), and the peak memory of each.
#
#   scripts/bench-dedupe.sh [LINES]
#
# Needs hyperfine (Debian: apt-get install hyperfine).
set -euo pipefail
cd "$(dirname "$0")/.."
lines=${1:-1000000}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat data/bench/urls.txt data/bench/iris.txt | grep -v '^$' | awk -v n="$lines" '
  { corpus[NR] = $0 }
  END {
    for (i = 0; i < n; i++) {
      line = corpus[i % NR + 1]
      sub(/#.*/, "", line)
      sep = index(line, "?") ? "&" : "?"
      print line sep "utm_source=n" (i % 7) "&id=" i
    }
  }' > "$dir/lines.txt"
cargo build --release --quiet
bin=target/release/iriscan
hyperfine -N --warmup 1 --runs 7 \
  "$bin dedupe --level syntax --quiet $dir/lines.txt" \
  "$bin dedupe --level protocol --sort-query --drop-tracking --quiet $dir/lines.txt"
for args in "--level syntax" "--level protocol --sort-query --drop-tracking"; do
  # shellcheck disable=SC2086
  /usr/bin/time -f "peak %M KB: dedupe $args" $bin dedupe $args "$dir/lines.txt" > /dev/null
done
