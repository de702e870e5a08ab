package serialbench.codec

import com.google.gson.Gson
import com.google.gson.reflect.TypeToken
import java.lang.reflect.Type
import serialbench.data.Shape

/** Gson with its defaults, one instance and one list [Type] per shape reused (Gson is thread safe). */
class GsonCodec : Codec {
    private val gson = Gson()
    private val supports = ShapeSupportCache { shape -> ShapeSupport.Supported(Lists(shape)) }

    override val id: String get() = ID
    override val displayName: String get() = "Gson"
    override val format: Codec.Format get() = Codec.Format.JSON

    override fun <T : Any> support(shape: Shape<T>): ShapeSupport<T> = supports.get(shape)

    private inner class Lists<T : Any>(shape: Shape<T>) : ListCodec<T> {
        private val listType: Type = TypeToken.getParameterized(List::class.java, shape.elementClass).type

        override fun encode(objects: List<T>): Payload = Payload.Text(gson.toJson(objects, listType))

        override fun decode(payload: Payload): List<T> =
            gson.fromJson<List<T>>(payload.toText(), listType) ?: throw IllegalArgumentException("codec $ID: no JSON array in the input")
    }

    companion object {
        const val ID = "gson"
    }
}
