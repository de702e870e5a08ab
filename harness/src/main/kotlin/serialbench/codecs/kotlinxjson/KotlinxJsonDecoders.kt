package serialbench.codecs.kotlinxjson

import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.json.DecodeSequenceMode
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.decodeFromStream
import kotlinx.serialization.json.decodeToSequence
import serialbench.data.Shape
import serialbench.stream.ElementReader
import serialbench.stream.LibraryDecoder
import serialbench.stream.StreamingDecoder
import serialbench.stream.WholeDocumentDecoder
import java.io.InputStream

/** kotlinx `Json.decodeToSequence` over the array: one element decoded per step of the sequence. */
@OptIn(ExperimentalSerializationApi::class)
internal class KotlinxSequenceDecoder<T : Any>(private val shape: Shape<T>, private val json: Json) :
    LibraryDecoder<T>(
        KotlinxJsonCodec.ID,
        "sequence",
        StreamingDecoder.Kind.STREAMING,
        "Json.decodeToSequence(stream, serializer, ARRAY_WRAPPED)",
        unboundedMemory = null,
    ) {
    override fun reader(input: InputStream): ElementReader<T> = object : ElementReader<T> {
        private val elements = json.decodeToSequence(
            input,
            shape.serializer,
            DecodeSequenceMode.ARRAY_WRAPPED,
        ).iterator()

        override fun hasNext(): Boolean = elements.hasNext()

        override fun next(): T = elements.next()

        override fun close() {}
    }
}

/** kotlinx `Json.decodeFromStream` of the whole list. */
@OptIn(ExperimentalSerializationApi::class)
internal class KotlinxWholeDocumentDecoder<T : Any>(shape: Shape<T>, private val json: Json) :
    WholeDocumentDecoder<T>(KotlinxJsonCodec.ID, "Json.decodeFromStream(ListSerializer(serializer), stream)") {
    private val listSerializer = ListSerializer(shape.serializer)

    override fun decodeAll(input: InputStream): List<T> = json.decodeFromStream(listSerializer, input)
}
