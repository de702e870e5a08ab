package serialbench.codecs.fastjson2parallel

import serialbench.codec.Codec
import serialbench.codec.DocumentCodec
import serialbench.codec.ListCodec
import serialbench.codec.Payload
import serialbench.codec.ShapeSupport
import serialbench.codec.ShapeSupportCache
import serialbench.codec.SplitCounting
import serialbench.codec.checkedDocument
import serialbench.codec.checkedElements
import serialbench.codec.listsOrDocument
import serialbench.codecs.fastjson2.Fastjson2Codec
import serialbench.codecs.paralleljson.ParallelJsonSplitCounting
import serialbench.data.Shape
import serialbench.parallel.ParallelJson

/** The parallel layer of ParallelJson driving fastjson2: the same bytes as [Fastjson2Codec], on several threads. */
class Fastjson2ParallelCodec(private val parallelism: Int = Runtime.getRuntime().availableProcessors()) : Codec {
    private val layers = mutableListOf<AutoCloseable>()
    private val supports = ShapeSupportCache { shape -> ShapeSupport.Supported(carry(shape)) }

    override val id: String get() = ID
    override val displayName: String get() = "fastjson2 parallel ($parallelism threads)"
    override val binding: String
        get() = "fastjson2 as `fastjson2` binds it, large lists (the top-level one, or members of a document) in " +
            "slices and chunks on several threads"
    override val format: Codec.Format get() = Codec.Format.JSON

    override fun <T : Any> support(shape: Shape<T>): ShapeSupport<T> = supports.get(this, shape)

    private var closed = false

    /** Lists of [shape]'s elements, or its one document itself. */
    private fun <T : Any> carry(shape: Shape<T>): ListCodec<T> =
        listsOrDocument(shape, { Lists(shape) }, { Document(shape) })

    override fun close() = synchronized(layers) {
        closed = true
        layers.forEach { it.close() }
    }

    /** [layer], kept to be closed with this codec. */
    private fun <L : AutoCloseable> opened(layer: () -> L): L = synchronized(layers) {
        check(!closed) { "codec $ID is closed" }
        layer().also { layers += it }
    }

    private inner class Lists<T : Any>(private val shape: Shape<T>) :
        ListCodec<T>,
        SplitCounting {
        private val engine = Fastjson2ListEngine(Fastjson2Codec.Lists(shape.elementClass))
        private val parallel = opened { ParallelJson.builder().parallelism(parallelism).lists(engine) }
        private val splits = ParallelJsonSplitCounting(parallel::splits)

        override fun encoded() = splits.encoded()

        override fun decoded() = splits.decoded()

        override fun encode(objects: List<T>): Payload = Payload.Text(parallel.encodeToString(objects))

        override fun decode(payload: Payload): List<T> =
            checkedElements(ID, shape, parallel.decodeFromString(payload.toText()))
    }

    /** One document of [shape]'s class, its large list and map members split ([Fastjson2ClassDocuments]). */
    private inner class Document<T : Any>(private val shape: Shape<T>) :
        DocumentCodec<T>,
        SplitCounting {
        private val documents =
            opened {
                ParallelJson.builder().parallelism(parallelism).documents(Fastjson2ClassDocuments(shape.elementClass))
            }
        private val splits = ParallelJsonSplitCounting(documents::splits)

        override fun encoded() = splits.encoded()

        override fun decoded() = splits.decoded()

        override fun encodeDocument(document: T): Payload = Payload.Text(documents.encodeToString(document))

        override fun decodeDocument(payload: Payload): T =
            checkedDocument(ID, shape, documents.decodeFromString(payload.toText()))
    }

    companion object {
        const val ID = "fastjson2-parallel"
    }
}
