package serialbench.codec

import kotlinx.serialization.json.Json
import serialbench.data.Shape
import serialbench.parallel.ParallelJson

/** [ParallelJson] over the default [Json]: chunks encoded and decoded on [parallelism] threads; every shape. */
class ParallelJsonCodec(
    parallelism: Int = Runtime.getRuntime().availableProcessors(),
) : Codec {
    private val parallelJson = ParallelJson(Json, parallelism)
    private val supports = ShapeSupportCache { shape -> ShapeSupport.Supported(Lists(shape)) }

    override val id: String get() = ID
    override val displayName: String get() = "ParallelJson (${parallelJson.parallelism} threads)"
    override val format: Codec.Format get() = Codec.Format.JSON

    override fun <T : Any> support(shape: Shape<T>): ShapeSupport<T> = supports.get(shape)

    override fun close() = parallelJson.close()

    private inner class Lists<T : Any>(private val shape: Shape<T>) : ListCodec<T> {
        override fun encode(objects: List<T>): Payload = Payload.Text(parallelJson.encodeToString(shape.serializer, objects))

        override fun decode(payload: Payload): List<T> = parallelJson.decodeFromString(shape.serializer, payload.toText())
    }

    companion object {
        const val ID = "kotlinx-json-parallel"
    }
}
