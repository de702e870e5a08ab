package serialbench.codec

import com.squareup.moshi.JsonAdapter
import com.squareup.moshi.Moshi
import com.squareup.moshi.Types
import com.squareup.moshi.kotlin.reflect.KotlinJsonAdapterFactory
import serialbench.model.TestObject

/**
 * Moshi with its reflective Kotlin adapter (`moshi-kotlin`; the faster code-generated adapters need kapt or
 * KSP, which this build does not use). One adapter for the list type is built once and reused.
 */
class MoshiCodec : Codec {
    private val adapter: JsonAdapter<List<TestObject>> = Moshi.Builder()
        .addLast(KotlinJsonAdapterFactory())
        .build()
        .adapter(Types.newParameterizedType(List::class.java, TestObject::class.java))

    override val id: String get() = ID
    override val displayName: String get() = "Moshi"
    override val format: Codec.Format get() = Codec.Format.JSON

    override fun encode(objects: List<TestObject>): Payload = Payload.Text(adapter.toJson(objects))

    override fun decode(payload: Payload): List<TestObject> =
        adapter.fromJson(payload.toText()) ?: throw IllegalArgumentException("codec $id: no JSON array in the input")

    companion object {
        const val ID = "moshi"
    }
}
