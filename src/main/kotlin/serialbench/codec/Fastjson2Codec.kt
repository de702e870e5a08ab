package serialbench.codec

import com.alibaba.fastjson2.JSON
import com.alibaba.fastjson2.JSONWriter
import serialbench.model.TestObject

/**
 * fastjson2 with its defaults (its fastest mode needs no configuration): `toJSONString` and `parseArray`,
 * plus `LargeObject`, without which it refuses to write more than 64 M characters (N = 100,000 here).
 */
class Fastjson2Codec : Codec {
    override val id: String get() = ID
    override val displayName: String get() = "fastjson2"
    override val format: Codec.Format get() = Codec.Format.JSON

    override fun encode(objects: List<TestObject>): Payload = Payload.Text(write(objects))

    override fun decode(payload: Payload): List<TestObject> = parse(payload.toText())

    companion object {
        const val ID = "fastjson2"

        fun write(objects: List<TestObject>): String = JSON.toJSONString(objects, JSONWriter.Feature.LargeObject)

        /** fastjson2 returns null for the text `null`; the codec contract wants a list or an error. */
        fun parse(text: String): List<TestObject> =
            JSON.parseArray(text, TestObject::class.java) ?: throw IllegalArgumentException("codec $ID: no JSON array in the input")
    }
}
