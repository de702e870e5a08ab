package serialbench.codecs.moshi

import com.squareup.moshi.JsonAdapter
import com.squareup.moshi.Moshi
import serialbench.codec.Payload
import serialbench.codec.tree.TreeCodec

/**
 * Moshi's JSON values (`Map`, `List`, `Double`, `String`, `Boolean`, null) through its `Any` adapter, which reads
 * with `JsonReader.readJsonValue`. Every number becomes a `Double`, which the data check reports where it matters.
 */
internal class MoshiTree(moshi: Moshi = Moshi.Builder().build()) : TreeCodec {
    private val adapter: JsonAdapter<Any> = moshi.adapter(Any::class.java)

    override val id: String get() = MoshiCodec.ID

    override fun decodeTree(payload: Payload): Any =
        adapter.fromJson(payload.toText()) ?: throw IllegalArgumentException("codec $id: no JSON document in the input")

    override fun encodeTree(tree: Any?): Payload = Payload.Text(adapter.toJson(tree))
}
