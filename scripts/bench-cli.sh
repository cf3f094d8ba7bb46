#!/usr/bin/env bash
# Measures the command on 100 MB of log-like lines made from data/bench/ (not committed: written
# to a temporary folder), against `grep -c -v '^$'` on the same file, in the same run.
#
#   scripts/bench-cli.sh [MEGABYTES]
#
# Needs hyperfine (Debian: apt-get install hyperfine); falls back to bash's `time`.
set -euo pipefail
cd "$(dirname "$0")/.."
mb=${1:-100}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
big="$dir/lines.txt"

# URLs and IRIs interleaved, two URLs for each IRI, repeated up to the size asked for.
paste -d '\n' data/bench/urls.txt data/bench/iris.txt data/bench/urls.txt > "$dir/round.txt"
while [ "$(stat -c %s "$big" 2>/dev/null || echo 0)" -lt $((mb * 1000000)) ]; do
  cat "$dir/round.txt" >> "$big"
done
echo "input: $(stat -c %s "$big") bytes, $(wc -l < "$big") lines"

cargo build --release --quiet
bin=target/release/iriscan
if command -v hyperfine >/dev/null; then
  # --output=pipe: GNU grep stops at the first match when its output is /dev/null, which is
  # hyperfine's default. -i: the corpus has invalid lines, so iriscan exits with 1.
  hyperfine --output=pipe -i --warmup 2 --runs 10 \
    "grep -c -v '^\$' $big" \
    "$bin check --quiet $big" \
    "$bin check $big > /dev/null" \
    "$bin check --json $big > /dev/null" \
    "cat $big | $bin check --quiet"
else
  for cmd in "grep -c -v '^\$' $big" "$bin check --quiet $big" "$bin check --json $big > /dev/null"; do
    echo "$cmd"; time (eval "$cmd" > /dev/null)
  done
fi
