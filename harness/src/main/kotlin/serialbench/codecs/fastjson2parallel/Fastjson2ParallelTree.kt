package serialbench.codecs.fastjson2parallel

import serialbench.codec.Payload
import serialbench.codec.SplitCounting
import serialbench.codec.tree.TreeCodec
import serialbench.codecs.paralleljson.ParallelJsonSplitCounting
import serialbench.parallel.ParallelJson

/** ParallelJson's parallel layer driving fastjson2 over JSON values: any document's large arrays in slices. */
internal class Fastjson2ParallelTree(parallelism: Int) :
    TreeCodec,
    SplitCounting {
    private val documents = ParallelJson.builder().parallelism(parallelism).documents(Fastjson2TreeDocuments)
    private val splits = ParallelJsonSplitCounting(documents::splits)

    override fun encoded() = splits.encoded()

    override fun decoded() = splits.decoded()

    override val id: String get() = Fastjson2ParallelCodec.ID

    override fun decodeTree(payload: Payload): Any? = documents.decodeFromString(payload.toText())

    override fun encodeTree(tree: Any?): Payload = Payload.Text(documents.encodeToString(tree))

    override fun close() = documents.close()
}
