#!/usr/bin/env bash
# The kotlinx pair at 1,000 objects on a quiet machine, then with one busy loop beside it for the whole run (a process
# of another service, or a neighbour on the host, that takes one core of two): Json keeps a core to itself, while
# ParallelJson's two threads share what is left with the loop (docs/measurements/2026-12-05-a-busy-neighbour.md).
# Needs the program: ./mvnw -q package -DskipTests. Run it on a quiet machine; it takes about two minutes.
set -euo pipefail
cd "$(dirname "$0")/../../.."
out=target/busy-neighbour
rm -rf "$out" && mkdir -p "$out"
run() {
    java -jar harness/target/serialbench.jar run bench.codecs=kotlinx-json,kotlinx-json-parallel bench.sizes=1000 \
        bench.robustness.cases=0
}

run > "$out/quiet.log" 2>&1
cp target/benchmark-report.md "$out/quiet-report.md"
cp target/benchmark-results.json "$out/quiet-results.json"

(while :; do :; done) &
busy=$!
trap 'kill "$busy" 2> /dev/null || true' EXIT
run > "$out/busy.log" 2>&1
kill "$busy"
cp target/benchmark-report.md "$out/busy-report.md"
cp target/benchmark-results.json "$out/busy-results.json"
grep -h 'ParallelJson is on average' "$out/quiet-report.md" "$out/busy-report.md"
