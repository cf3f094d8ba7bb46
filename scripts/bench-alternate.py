#!/usr/bin/env python3
"""Times commands on one input in turn, round after round, and prints the least and the median
wall and user time of each: on a noisy machine, where runs of one command in a row drift
together, alternating keeps the drift out of the comparison.

    scripts/bench-alternate.py ROUNDS FILE 'BINARY ARGS...' ['BINARY ARGS...' ...]

Each command gets FILE as its last argument and its output is discarded. For example, two
builds of the command against the one `check`:

    scripts/bench-alternate.py 21 iris32.txt 'old/iriscan check --quiet' \\
        'old/iriscan lint --quiet' 'new/iriscan lint --quiet'
"""

import resource
import shlex
import statistics
import subprocess
import sys
import time


def main() -> int:
    if len(sys.argv) < 4:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    rounds, path = int(sys.argv[1]), sys.argv[2]
    commands = [shlex.split(c) + [path] for c in sys.argv[3:]]
    wall = [[] for _ in commands]
    user = [[] for _ in commands]
    for _ in range(rounds):
        for k, command in enumerate(commands):
            before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
            start = time.perf_counter()
            subprocess.run(command, stdout=subprocess.DEVNULL, check=False)
            wall[k].append(time.perf_counter() - start)
            user[k].append(resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before)
    for k, command in enumerate(commands):
        ms = lambda xs: f"least {min(xs) * 1000:.1f} ms, median {statistics.median(xs) * 1000:.1f} ms"
        print(f"{shlex.join(command[:-1])}: wall {ms(wall[k])}; user {ms(user[k])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
