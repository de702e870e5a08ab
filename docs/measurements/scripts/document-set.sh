#!/usr/bin/env bash
# The figures of the pages of 2026-11-28 to 2026-12-02 that cite it. The benchmark's own document set, generated and
# printed by the run, is bench.documentSet (docs/method.md, "The document set").
# kotlinx Json against ParallelJson on a varied set of documents: the shipped examples/documents and variants of
# them (compact, indented with 2 spaces or a tab, a search response of two posts, an object of 1 MB with no large
# member), as trees and through the example's classes, each in a run of the program of its own; then one line per
# document and operation with ParallelJson's speedup, its verdict (faster or slower only where every fork's mean lies
# beyond every fork mean of the other codec, as the report says it), and the set's worst ratio.
#
# Needs the program (./mvnw -q package -DskipTests, or see docs/layout.md) and the example's classes
# (./mvnw -f examples/documents/pom.xml package). FORKS and REPS (default 3 and 30) set bench.forks and
# bench.repetitions; JAR=path/to/serialbench.jar measures another build; LABEL names its files under
# target/document-set; BENCH_ARGS adds settings to every run (BENCH_ARGS="bench.warmupMillis=2000"). Run it on a
# quiet machine: with the defaults it takes about 20 minutes.
set -euo pipefail
cd "$(dirname "$0")/../../.."
jar=${JAR:-harness/target/serialbench.jar}
label=${LABEL:-head}
forks=${FORKS:-3}
reps=${REPS:-30}
read -r -a extra <<< "${BENCH_ARGS:-}"
out=target/document-set
mkdir -p "$out/documents"
classes=examples/documents/target/classes
cp=$classes:$(./mvnw -q -f examples/documents/pom.xml dependency:build-classpath -Dmdep.includeScope=runtime \
    -Dmdep.outputFile=/dev/stdout)
java -cp "$cp" example.documents.GeneratorKt --kind search --bytes 1500 --out "$out/documents/search-small.json"
python3 - "$out/documents" <<'EOF'
import json, sys
out = sys.argv[1]
def write(source, name, **layout):
    with open(source, encoding="utf-8") as f:
        document = json.load(f)
    with open(f"{out}/{name}", "w", encoding="utf-8") as f:
        json.dump(document, f, ensure_ascii=False, **layout)
write("examples/documents/search-response.json", "search-compact.json", separators=(",", ":"))
write("examples/documents/search-response.json", "search-indent2.json", indent=2)
write("examples/documents/search-response.json", "search-tabs.json", indent="\t")
write("examples/documents/programme.json", "programme-compact.json", separators=(",", ":"))
# About 1 MB with no large member: 8,400 members, each a small object with up to four tags and an object of its own.
import random
r = random.Random(2026)
members = {
    f"item-{i}": {
        "id": i,
        "name": "".join(r.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(r.randint(4, 12))),
        "price": round(r.uniform(1, 500), 2),
        "tags": [r.choice(["new", "sale", "eco", "gift", "bulk", "rare"]) for _ in range(r.randint(0, 4))],
        "stock": {"store": r.randint(0, 50), "warehouse": r.randint(0, 500)},
    }
    for i in range(8400)
}
with open(f"{out}/no-large-member.json", "w", encoding="utf-8") as f:
    json.dump(members, f, separators=(",", ":"))
EOF
run() {
    local name=$1
    shift
    java -jar "$jar" run bench.codecs=kotlinx-json,kotlinx-json-parallel bench.robustness.cases=0 \
        bench.forks="$forks" bench.repetitions="$reps" "${extra[@]}" "$@" > "$out/$label-$name.log" 2>&1
    cp target/benchmark-results.json "$out/$label-$name-results.json"
}
typed() {
    run "$1-typed" bench.input="$2" bench.model="example.documents.$3" bench.classpath=$classes
}
run search-small-tree bench.input=$out/documents/search-small.json
typed search-small $out/documents/search-small.json SearchResponse
run search-compact-tree bench.input=$out/documents/search-compact.json
run search-indent2-tree bench.input=$out/documents/search-indent2.json
run search-tabs-tree bench.input=$out/documents/search-tabs.json
typed search examples/documents/search-response.json SearchResponse
run programme-indent4-tree bench.input=examples/documents/programme.json
run programme-compact-tree bench.input=$out/documents/programme-compact.json
typed programme examples/documents/programme.json Programme
run no-large-member-tree bench.input=$out/documents/no-large-member.json
run catalog-tree bench.input=examples/documents/catalog.json
typed catalog examples/documents/catalog.json Catalog
python3 - "$out" "$label" <<'EOF'
import glob, json, os, sys
out, label = sys.argv[1], sys.argv[2]
worst = None
print(f"{'document':<28} {'operation':<12} {'Json':>10} {'ParallelJson':>13} {'speedup':>8}  verdict")
for path in sorted(glob.glob(f"{out}/{label}-*-results.json")):
    name = os.path.basename(path)[len(label) + 1:-len("-results.json")]
    rows = json.load(open(path))["results"]
    for operation in ("serialize", "deserialize"):
        by_codec = {r["codec"]: r for r in rows if r["operation"] == operation}
        single, multi = by_codec.get("kotlinx-json"), by_codec.get("kotlinx-json-parallel")
        if single is None or multi is None:
            print(f"{name:<28} {operation:<12} not measured (see {label}-{name}.log)")
            continue
        speedup = single["meanNanos"] / multi["meanNanos"]
        a, b = single["forkMeansNanos"] or [], multi["forkMeansNanos"] or []
        if len(a) < 2 or len(b) < 2:
            verdict = "one fork: no verdict"
        else:
            verdict = "faster" if max(b) < min(a) else "slower" if min(b) > max(a) else "same"
        print(f"{name:<28} {operation:<12} {single['meanNanos'] / 1e6:>8.3f}ms {multi['meanNanos'] / 1e6:>11.3f}ms "
              f"{speedup:>7.2f}x  {verdict}")
        if worst is None or speedup < worst[0]:
            worst = (speedup, name, operation, verdict)
if worst:
    print(f"worst ratio of the set: {worst[0]:.2f}x ({worst[1]}, {worst[2]}, {worst[3]})")
EOF
