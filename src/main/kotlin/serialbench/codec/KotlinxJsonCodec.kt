package serialbench.codec

import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.json.Json
import serialbench.data.Shape

/** kotlinx.serialization [Json] with its default configuration, on the calling thread; every shape. */
class KotlinxJsonCodec(private val json: Json = Json) : Codec {
    private val supports = ShapeSupportCache { shape -> ShapeSupport.Supported(Lists(shape)) }

    override val id: String get() = ID
    override val displayName: String get() = "kotlinx Json"
    override val format: Codec.Format get() = Codec.Format.JSON

    override fun <T : Any> support(shape: Shape<T>): ShapeSupport<T> = supports.get(shape)

    private inner class Lists<T : Any>(shape: Shape<T>) : ListCodec<T> {
        private val serializer = ListSerializer(shape.serializer)

        override fun encode(objects: List<T>): Payload = Payload.Text(json.encodeToString(serializer, objects))

        override fun decode(payload: Payload): List<T> = json.decodeFromString(serializer, payload.toText())
    }

    companion object {
        const val ID = "kotlinx-json"
    }
}
