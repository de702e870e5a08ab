package serialbench.codec

import serialbench.model.TestObject
import serialbench.parallel.JsonListEngine
import serialbench.parallel.ParallelJsonLists

/** The parallel layer of ParallelJson driving fastjson2: the same bytes as [Fastjson2Codec], on several threads. */
class Fastjson2ParallelCodec(parallelism: Int = Runtime.getRuntime().availableProcessors()) : Codec {
    private val lists = ParallelJsonLists(Fastjson2Engine, parallelism)

    override val id: String get() = ID
    override val displayName: String get() = "fastjson2 parallel (${lists.parallelism} threads)"
    override val format: Codec.Format get() = Codec.Format.JSON

    override fun encode(objects: List<TestObject>): Payload = Payload.Text(lists.encodeToString(objects))

    override fun decode(payload: Payload): List<TestObject> = lists.decodeFromString(payload.toText())

    override fun close() = lists.close()

    private object Fastjson2Engine : JsonListEngine<TestObject> {
        override val name: String get() = "fastjson2"
        override fun encodeList(elements: List<TestObject>): String = Fastjson2Codec.write(elements)
        override fun decodeList(text: String): List<TestObject> = Fastjson2Codec.parse(text)
    }

    companion object {
        const val ID = "fastjson2-parallel"
    }
}
