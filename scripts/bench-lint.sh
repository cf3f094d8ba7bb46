#!/usr/bin/env bash
# Measures `iriscan lint --quiet` against `iriscan check --quiet` on the bench corpus, each file
# repeated up to about 64 MB (not committed: written to a temporary folder), in the same run:
# the ASCII URLs, the IRIs, and both interleaved.
#
#   scripts/bench-lint.sh [MEGABYTES]
#
# Needs hyperfine (Debian: apt-get install hyperfine).
set -euo pipefail
cd "$(dirname "$0")/.."
mb=${1:-64}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
paste -d '\n' data/bench/urls.txt data/bench/iris.txt > "$dir/mixed.1"
cp data/bench/urls.txt "$dir/urls.1"
cp data/bench/iris.txt "$dir/iris.1"
cargo build --release --quiet
bin=target/release/iriscan
for corpus in urls iris mixed; do
  big="$dir/$corpus.txt"
  while [ "$(stat -c %s "$big" 2>/dev/null || echo 0)" -lt $((mb * 1000000)) ]; do
    cat "$dir/$corpus.1" >> "$big"
  done
  echo "$corpus: $(stat -c %s "$big") bytes"
  # -i: the corpus has invalid lines and lints, so both exit with 1.
  hyperfine -N -i --warmup 2 --runs 15 \
    "$bin check --quiet $big" \
    "$bin lint --quiet $big"
done
