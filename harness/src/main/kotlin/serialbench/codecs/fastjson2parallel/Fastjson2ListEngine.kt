package serialbench.codecs.fastjson2parallel

import serialbench.codecs.fastjson2.Fastjson2Codec
import serialbench.parallel.JsonListEngine

/**
 * fastjson2's lists of one element class, as [Fastjson2Codec.Lists] reads and writes them, for ParallelJson's layer.
 * Lenient on a whole text, as `parseArray` is; strict on a slice ([Fastjson2Slices]), so its slices need no check.
 */
internal class Fastjson2ListEngine<T : Any>(private val lists: Fastjson2Codec.Lists<T>) : JsonListEngine<T> {
    private val elements = Fastjson2Values(lists.elementClass)

    @Suppress("UNCHECKED_CAST")
    private val slices = Fastjson2Slices(Fastjson2Codec.READ_FEATURES) { elements.read(it) as T }

    override val name: String get() = "fastjson2"

    override val decodesSlicesStrictly: Boolean get() = true

    override fun encodeList(elements: List<T>): String = lists.write(elements)

    override fun encodeElements(elements: List<T>): String = lists.writeElements(elements)

    override fun decodeList(text: String): List<T> = lists.parse(text)

    override fun splits(text: String): Boolean = Fastjson2References.splits(text)

    override fun decodeSlice(slice: String): List<T> = slices.read(slice)

    override fun decodeSlice(text: String, from: Int, to: Int): List<T> = slices.readRun(text, from, to)
}
