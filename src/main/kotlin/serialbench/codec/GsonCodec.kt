package serialbench.codec

import com.google.gson.Gson
import com.google.gson.reflect.TypeToken
import serialbench.model.TestObject

/** Gson with its defaults, one instance and one [TypeToken] reused (Gson is thread safe). */
class GsonCodec : Codec {
    private val gson = Gson()
    private val listType = object : TypeToken<List<TestObject>>() {}.type

    override val id: String get() = ID
    override val displayName: String get() = "Gson"
    override val format: Codec.Format get() = Codec.Format.JSON

    override fun encode(objects: List<TestObject>): Payload = Payload.Text(gson.toJson(objects, listType))

    override fun decode(payload: Payload): List<TestObject> =
        gson.fromJson<List<TestObject>>(payload.toText(), listType) ?: throw IllegalArgumentException("codec $id: no JSON array in the input")

    companion object {
        const val ID = "gson"
    }
}
