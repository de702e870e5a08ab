#!/usr/bin/env bash
# A run in which one fork shares the machine with a CPU-bound load, and the same run again undisturbed: the Forks
# section of the first report must mark that fork, the second none (docs/measurements/2026-11-28-disturbed-fork.md).
# Needs the program: ./mvnw -q package -DskipTests. Run it on a quiet machine; it takes about four minutes.
set -euo pipefail
cd "$(dirname "$0")/../../.."
out=target/disturbed-fork
rm -rf "$out" && mkdir -p "$out"
run() {
    java -jar harness/target/serialbench.jar run bench.codecs=kotlinx-json,jackson bench.forks=3 \
        bench.sizes=1000,10000 bench.repetitions=30 bench.robustness.cases=0
}

# One busy loop per core, from the moment the second fork of jackson starts until the third starts.
run > "$out/disturbed.log" 2>&1 &
runner=$!
until grep -q 'fork 2 of codec jackson' "$out/disturbed.log"; do sleep 0.2; done
burners=()
for _ in $(seq "$(nproc)"); do (while :; do :; done) & burners+=($!); done
until grep -q 'fork 3 of codec jackson' "$out/disturbed.log" || ! kill -0 "$runner" 2> /dev/null; do sleep 0.2; done
kill "${burners[@]}"
wait "$runner"
cp target/benchmark-report.md "$out/disturbed-report.md"
cp target/benchmark-results.json "$out/disturbed-results.json"

run > "$out/quiet.log" 2>&1
cp target/benchmark-report.md "$out/quiet-report.md"
cp target/benchmark-results.json "$out/quiet-results.json"
sed -n '/^### The machine in each fork/,/^## /p' "$out/disturbed-report.md" "$out/quiet-report.md"
