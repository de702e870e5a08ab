#!/usr/bin/env bash
# kotlinx Json against ParallelJson on the indented programme of events (examples/documents/programme.json) and on
# the same document without whitespace, as trees and through its classes, the default five forks
# (docs/measurements/2026-11-28-programme-document.md). Needs the program (./mvnw -q package -DskipTests) and the
# example's classes (./mvnw -f examples/documents/pom.xml package). JAR=path/to/serialbench.jar measures another
# build; LABEL names its reports. Run it on a quiet machine; it takes about ten minutes.
set -euo pipefail
cd "$(dirname "$0")/../../.."
jar=${JAR:-harness/target/serialbench.jar}
label=${LABEL:-head}
out=target/programme
mkdir -p "$out"
python3 -c 'import json, sys; json.dump(json.load(open(sys.argv[1])), open(sys.argv[2], "w"), ensure_ascii=False,
    separators=(",", ":"))' examples/documents/programme.json "$out/programme-compact.json"
run() {
    local name=$1
    shift
    java -jar "$jar" run bench.codecs=kotlinx-json,kotlinx-json-parallel bench.robustness.cases=0 "$@" \
        > "$out/$label-$name.log" 2>&1
    cp target/benchmark-report.md "$out/$label-$name-report.md"
    cp target/benchmark-results.json "$out/$label-$name-results.json"
}
run tree-indented bench.input=examples/documents/programme.json
run tree-compact bench.input="$out/programme-compact.json"
if [ "${TYPED:-yes}" = yes ]; then
    run typed-indented bench.input=examples/documents/programme.json bench.model=example.documents.Programme \
        bench.classpath=examples/documents/target/classes
fi
