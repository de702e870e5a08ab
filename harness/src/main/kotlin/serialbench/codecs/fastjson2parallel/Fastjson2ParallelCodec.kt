package serialbench.codecs.fastjson2parallel

import serialbench.codec.Codec
import serialbench.codec.ListCodec
import serialbench.codec.Payload
import serialbench.codec.ShapeSupport
import serialbench.codec.ShapeSupportCache
import serialbench.codec.checkedElements
import serialbench.codecs.fastjson2.Fastjson2Codec
import serialbench.data.Shape
import serialbench.data.isOneDocument
import serialbench.parallel.JsonListEngine
import serialbench.parallel.ParallelJsonLists

/** The parallel layer of ParallelJson driving fastjson2: the same bytes as [Fastjson2Codec], on several threads. */
class Fastjson2ParallelCodec(private val parallelism: Int = Runtime.getRuntime().availableProcessors()) : Codec {
    private val lists = mutableListOf<ParallelJsonLists<*>>()
    private val supports = ShapeSupportCache { shape ->
        if (shape.isOneDocument) {
            ShapeSupport.Unsupported<Any>(
                "it splits a top-level array into slices, and this shape is one document whose top level is an object",
            )
        } else {
            ShapeSupport.Supported(Lists(shape))
        }
    }

    override val id: String get() = ID
    override val displayName: String get() = "fastjson2 parallel ($parallelism threads)"
    override val binding: String
        get() = "fastjson2 as `fastjson2` binds it, on slices of the array on several threads"
    override val format: Codec.Format get() = Codec.Format.JSON

    override fun <T : Any> support(shape: Shape<T>): ShapeSupport<T> = supports.get(this, shape)

    private var closed = false

    override fun close() = synchronized(lists) {
        closed = true
        lists.forEach { it.close() }
    }

    private inner class Lists<T : Any>(private val shape: Shape<T>) : ListCodec<T> {
        private val engine = Fastjson2Engine(Fastjson2Codec.Lists(shape.elementClass))
        private val parallel = synchronized(lists) {
            check(!closed) { "codec $ID is closed" }
            ParallelJsonLists(engine, parallelism).also { lists += it }
        }

        override fun encode(objects: List<T>): Payload = Payload.Text(parallel.encodeToString(objects))

        override fun decode(payload: Payload): List<T> =
            checkedElements(ID, shape, parallel.decodeFromString(payload.toText()))
    }

    private class Fastjson2Engine<T : Any>(private val lists: Fastjson2Codec.Lists<T>) : JsonListEngine<T> {
        override val name: String get() = "fastjson2"
        override fun encodeList(elements: List<T>): String = lists.write(elements)
        override fun decodeList(text: String): List<T> = lists.parse(text)
    }

    companion object {
        const val ID = "fastjson2-parallel"
    }
}
