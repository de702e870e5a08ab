package serialbench.codec

/**
 * The closed registry of codecs, by stable id. Adding a codec is one file plus one line here.
 *
 * Ids are a contract: the results file and outside tools use them.
 */
object Codecs {
    /** Every codec id, in report order. */
    val ids: List<String> get() = factories.keys.toList()

    /** A new codec instance for [id]; ParallelJson-based codecs get [threads] threads. */
    fun create(id: String, threads: Int = Runtime.getRuntime().availableProcessors()): Codec {
        val factory = factories[id]
            ?: throw IllegalArgumentException("unknown codec id '$id'; valid ids: ${ids.joinToString(", ")}")
        return factory(threads)
    }

    /** Each multithreaded codec and the single-threaded engine it drives, for speedup comparisons. */
    val parallelPairs: List<Pair<String, String>> = listOf(
        ParallelJsonCodec.ID to KotlinxJsonCodec.ID,
        Fastjson2ParallelCodec.ID to Fastjson2Codec.ID,
    )

    private val factories: Map<String, (threads: Int) -> Codec> = linkedMapOf(
        KotlinxJsonCodec.ID to { _ -> KotlinxJsonCodec() },
        ParallelJsonCodec.ID to { threads -> ParallelJsonCodec(threads) },
        KotlinxCborCodec.ID to { _ -> KotlinxCborCodec() },
        KotlinxProtobufCodec.ID to { _ -> KotlinxProtobufCodec() },
        JacksonCodec.ID to { _ -> JacksonCodec.plain() },
        JacksonCodec.BLACKBIRD_ID to { _ -> JacksonCodec.blackbird() },
        Jackson3Codec.ID to { _ -> Jackson3Codec() },
        ProtobufCodec.ID to { _ -> ProtobufCodec() },
        ForyCodec.ID to { _ -> ForyCodec() },
        ForyJsonCodec.ID to { _ -> ForyJsonCodec() },
        KryoCodec.ID to { _ -> KryoCodec() },
        Fastjson2Codec.ID to { _ -> Fastjson2Codec() },
        Fastjson2ParallelCodec.ID to { threads -> Fastjson2ParallelCodec(threads) },
        DslJsonCodec.ID to { _ -> DslJsonCodec() },
        GsonCodec.ID to { _ -> GsonCodec() },
        MoshiCodec.ID to { _ -> MoshiCodec() },
    )
}
