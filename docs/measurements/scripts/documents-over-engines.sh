#!/usr/bin/env bash
# Both parallel codecs against their engines on the documents of examples/documents, through the example's classes
# and as trees, and fastjson2-parallel on flat lists, the default five forks
# (docs/measurements/2026-11-28-documents-over-engines.md). Needs the program (./mvnw -q package -DskipTests) and the
# example's classes (./mvnw -f examples/documents/pom.xml package). JAR=path/to/serialbench.jar measures another
# build; LABEL names its reports. Run it on a quiet machine; it takes about half an hour.
set -euo pipefail
cd "$(dirname "$0")/../../.."
jar=${JAR:-harness/target/serialbench.jar}
label=${LABEL:-head}
out=target/documents-over-engines
mkdir -p "$out"
classes=examples/documents/target/classes
codecs=bench.codecs=kotlinx-json,kotlinx-json-parallel,fastjson2,fastjson2-parallel
# A search response of 20 MB, from the example's seeded generator.
java -cp "$classes:$(ls harness/target/lib/*.jar | tr '\n' ':')" example.documents.GeneratorKt \
    --kind search --bytes 20000000 --out "$out/search-response-20mb.json"
run() {
    local name=$1
    shift
    java -jar "$jar" run "$@" > "$out/$label-$name.log" 2>&1
    cp target/benchmark-report.md "$out/$label-$name-report.md"
    cp target/benchmark-results.json "$out/$label-$name-results.json"
}
run search-1mb "$codecs" bench.model=example.documents.SearchResponse \
    bench.input=examples/documents/search-response.json bench.classpath="$classes"
run search-1mb-tree "$codecs" bench.input=examples/documents/search-response.json
run catalog "$codecs" bench.model=example.documents.Catalog bench.input=examples/documents/catalog.json \
    bench.classpath="$classes" bench.repetitions=30
run search-20mb "$codecs" bench.model=example.documents.SearchResponse \
    bench.input="$out/search-response-20mb.json" bench.classpath="$classes" bench.repetitions=30
run flat bench.codecs=fastjson2,fastjson2-parallel bench.sizes=10000,100000
