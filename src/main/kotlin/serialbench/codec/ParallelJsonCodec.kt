package serialbench.codec

import kotlinx.serialization.json.Json
import serialbench.model.TestObject
import serialbench.parallel.ParallelJson

/** [ParallelJson] over the default [Json]: chunks encoded and decoded on [parallelism] threads. */
class ParallelJsonCodec(
    parallelism: Int = Runtime.getRuntime().availableProcessors(),
) : Codec {
    private val parallelJson = ParallelJson(Json, parallelism)

    override val id: String get() = ID
    override val displayName: String get() = "ParallelJson (${parallelJson.parallelism} threads)"
    override val format: Codec.Format get() = Codec.Format.JSON

    override fun encode(objects: List<TestObject>): Payload =
        Payload.Text(parallelJson.encodeToString(TestObject.serializer(), objects))

    override fun decode(payload: Payload): List<TestObject> =
        parallelJson.decodeFromString(TestObject.serializer(), payload.toText())

    override fun close() = parallelJson.close()

    companion object {
        const val ID = "kotlinx-json-parallel"
    }
}
