package serialbench.codecs.fastjson2

import com.alibaba.fastjson2.JSON
import com.alibaba.fastjson2.JSONFactory
import com.alibaba.fastjson2.JSONReader
import com.alibaba.fastjson2.util.ParameterizedTypeImpl
import serialbench.data.Shape
import serialbench.stream.ElementReader
import serialbench.stream.LibraryDecoder
import serialbench.stream.StreamingDecoder
import serialbench.stream.WholeDocumentDecoder
import java.io.InputStream
import java.lang.reflect.Type

/**
 * fastjson2's [JSONReader] over the array, `read(Class)` per element. fastjson2 2.0.64's `JSONReader.of(stream,
 * UTF_8)` reads the whole stream into one byte array before parsing: elements are decoded one at a time, but
 * memory grows with the input.
 */
internal class Fastjson2ReaderDecoder<T : Any>(private val shape: Shape<T>) :
    LibraryDecoder<T>(
        Fastjson2Codec.ID,
        "reader",
        StreamingDecoder.Kind.STREAMING,
        "JSONReader.of(stream, UTF_8), read(Class) per element",
        unboundedMemory = "reads the whole stream into memory before parsing (JSONReader.of(InputStream, UTF_8))",
    ) {
    override fun reader(input: InputStream): ElementReader<T> = object : ElementReader<T> {
        private val reader = JSONReader.of(
            input,
            Charsets.UTF_8,
            JSONFactory.createReadContext(*Fastjson2Codec.READ_FEATURES),
        )
        private var started = false

        override fun hasNext(): Boolean {
            if (!started) {
                if (!reader.nextIfArrayStart()) {
                    throw IllegalArgumentException(
                        "expected the start of an array: ${reader.info()}",
                    )
                }
                started = true
            }
            if (!reader.nextIfArrayEnd()) return true
            if (!reader.isEnd) throw IllegalArgumentException("content after the end of the array: ${reader.info()}")
            return false
        }

        override fun next(): T? = reader.read(shape.elementClass)

        override fun byteOffset(): Long = reader.offset.toLong()

        override fun close() = reader.close()
    }
}

/** `JSON.parseObject(stream, UTF_8, listType)` of the whole list, with the codec's read features. */
internal class Fastjson2WholeDocumentDecoder<T : Any>(shape: Shape<T>) :
    WholeDocumentDecoder<T>(Fastjson2Codec.ID, "JSON.parseObject(stream, UTF_8, listType)") {
    private val listType: Type = ParameterizedTypeImpl(List::class.java, shape.elementClass)

    override fun decodeAll(input: InputStream): List<T>? =
        JSON.parseObject(input, Charsets.UTF_8, listType, *Fastjson2Codec.READ_FEATURES)
}
