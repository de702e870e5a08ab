package serialbench.measure

/**
 * Each codec's seconds in the full default run of 2026-12-02 01:25 UTC: 25 min 37 s on a 2-core AMD EPYC KVM guest,
 * OpenJDK 17.0.15, the program built from `1ef6ba4`, in a directory with no earlier results. A codec's seconds are its
 * timed calls and an equal share of the rest of the run ([ForkEta.weightsOf] of its results). They weigh the codecs in
 * the ETA of a run with the same shapes and sizes and no earlier results at hand ([ForkEta.referenceWeights]): only
 * their ratios count, which hold while the codecs' costs relative to one another do. A codec missing here weighs the
 * mean of the others.
 */
internal object EtaReferenceRun {
    val sizesByShape: Map<String, List<Int>> = mapOf("flat" to listOf(10, 100, 1_000, 10_000, 100_000))

    val secondsByCodec: Map<String, Double> = mapOf(
        "kotlinx-json" to 144.3,
        "kotlinx-json-parallel" to 97.8,
        "kotlinx-cbor" to 107.3,
        "kotlinx-protobuf" to 130.1,
        "jackson" to 95.3,
        "jackson-blackbird" to 94.5,
        "jackson3" to 95.1,
        "protobuf" to 106.4,
        "fory" to 61.2,
        "fory-json" to 72.1,
        "kryo" to 74.4,
        "fastjson2" to 77.4,
        "fastjson2-parallel" to 62.2,
        "dsl-json" to 82.4,
        "gson" to 115.1,
        "moshi" to 120.7,
    )
}
