package serialbench.codecs.fastjson2parallel

import serialbench.codecs.fastjson2.Fastjson2Codec
import serialbench.parallel.JsonListEngine

/** fastjson2's lists of one element class, as [Fastjson2Codec.Lists] reads and writes them, for ParallelJson's layer. */
internal class Fastjson2ListEngine<T : Any>(private val lists: Fastjson2Codec.Lists<T>) : JsonListEngine<T> {
    override val name: String get() = "fastjson2"

    override fun encodeList(elements: List<T>): String = lists.write(elements)

    override fun decodeList(text: String): List<T> = lists.parse(text)
}
