package serialbench.codecs

import serialbench.codec.Codec
import serialbench.codecs.cbor.KOTLINX_CBOR
import serialbench.codecs.dsljson.DSL_JSON
import serialbench.codecs.fastjson2.FASTJSON2
import serialbench.codecs.fastjson2parallel.FASTJSON2_PARALLEL
import serialbench.codecs.fory.FORY
import serialbench.codecs.foryjson.FORY_JSON
import serialbench.codecs.gson.GSON
import serialbench.codecs.jackson.JACKSON
import serialbench.codecs.jackson.JACKSON_BLACKBIRD
import serialbench.codecs.jackson3.JACKSON3
import serialbench.codecs.kotlinxjson.KOTLINX_JSON
import serialbench.codecs.kotlinxprotobuf.KOTLINX_PROTOBUF
import serialbench.codecs.kryo.KRYO
import serialbench.codecs.moshi.MOSHI
import serialbench.codecs.paralleljson.PARALLEL_JSON
import serialbench.codecs.protobuf.PROTOBUF
import serialbench.data.Shape
import serialbench.registration.CodecRegistration
import serialbench.registration.CodecSetup
import serialbench.shapes.Shapes

/**
 * The closed registry of codecs, by stable id. Adding a codec: its folder (codec, registration) and one line in
 * [registrations].
 *
 * Ids are a contract: the results file and outside tools use them.
 */
object Codecs {
    /** Every codec id, in report order. */
    val ids: List<String> get() = factories.keys.toList()

    /**
     * A new codec instance for [id]; ParallelJson-based codecs get [threads] threads. The codecs that register
     * classes up front get every built-in shape's and then [shapes]' (a user's type: `bench.model`).
     */
    @JvmOverloads
    fun create(
        id: String,
        threads: Int = Runtime.getRuntime().availableProcessors(),
        shapes: List<Shape<*>> = emptyList(),
    ): Codec {
        val factory = factories[id]
            ?: throw IllegalArgumentException("unknown codec id '$id'; valid ids: ${ids.joinToString(", ")}")
        return factory(CodecSetup(threads, (classes + shapes.flatMap { it.classes }).distinct()))
    }

    /** Every codec, registered once each in its folder, in report order. */
    val registrations: List<CodecRegistration> = listOf(
        KOTLINX_JSON,
        PARALLEL_JSON,
        KOTLINX_CBOR,
        KOTLINX_PROTOBUF,
        JACKSON,
        JACKSON_BLACKBIRD,
        JACKSON3,
        PROTOBUF,
        FORY,
        FORY_JSON,
        KRYO,
        FASTJSON2,
        FASTJSON2_PARALLEL,
        DSL_JSON,
        GSON,
        MOSHI,
    )

    /**
     * Each multithreaded codec and the single-threaded engine it drives (its registration's `parallelOf`), for
     * speedup comparisons.
     */
    val parallelPairs: List<Pair<String, String>> =
        registrations.mapNotNull { registration -> registration.parallelOf?.let { registration.id to it } }

    private val factories: Map<String, (CodecSetup) -> Codec> = registrations.associate { it.id to it.create }

    /** Every shape's classes, in the shape registry's order, for the codecs that register classes up front. */
    private val classes: List<Class<*>> by lazy { Shapes.all.flatMap { it.classes }.distinct() }
}
