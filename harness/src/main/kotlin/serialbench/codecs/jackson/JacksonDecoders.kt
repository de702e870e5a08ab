package serialbench.codecs.jackson

import com.fasterxml.jackson.core.JsonParser
import com.fasterxml.jackson.core.JsonToken
import com.fasterxml.jackson.databind.MappingIterator
import com.fasterxml.jackson.databind.ObjectMapper
import com.fasterxml.jackson.databind.ObjectReader
import serialbench.data.Shape
import serialbench.stream.ElementReader
import serialbench.stream.LibraryDecoder
import serialbench.stream.StreamingDecoder
import serialbench.stream.WholeDocumentDecoder
import java.io.InputStream

/** Jackson's [MappingIterator] (`ObjectReader.readValues`) over the elements of the root array. */
internal class JacksonMappingIteratorDecoder<T : Any>(shape: Shape<T>, private val mapper: ObjectMapper) :
    LibraryDecoder<T>(
        JacksonCodec.ID,
        "mapping-iterator",
        StreamingDecoder.Kind.STREAMING,
        "ObjectMapper.readerFor(type).readValues(parser): MappingIterator",
        unboundedMemory = null,
    ) {
    private val elementReader: ObjectReader = mapper.readerFor(shape.elementClass)

    override fun reader(input: InputStream): ElementReader<T> = object : ElementReader<T> {
        // A parser of our own, so that the iterator leaves it open at the end and trailing content can be checked;
        // past the root array's START_ARRAY, which the iterator then takes as its sequence's wrapper (as it does with
        // a parser it creates itself).
        private val parser: JsonParser = mapper.factory.createParser(input).apply {
            val first = nextToken()
            if (first != JsonToken.START_ARRAY) {
                throw IllegalArgumentException("expected the start of an array, found $first")
            }
            clearCurrentToken()
        }
        private val elements: MappingIterator<T> = elementReader.readValues(parser)

        override fun hasNext(): Boolean = elements.hasNextValue() || parser.refuseTrailingContent()

        override fun next(): T? = elements.nextValue()

        override fun byteOffset(): Long = parser.currentLocation().byteOffset

        override fun close() {
            elements.close()
            parser.close()
        }
    }
}

/** Jackson `ObjectReader.readValue(stream)` of the whole list. */
internal class JacksonWholeDocumentDecoder<T : Any>(shape: Shape<T>, mapper: ObjectMapper) :
    WholeDocumentDecoder<T>(JacksonCodec.ID, "ObjectMapper.readerFor(listType).readValue(stream)") {
    private val listReader: ObjectReader =
        mapper.readerFor(mapper.typeFactory.constructCollectionType(List::class.java, shape.elementClass))

    override fun decodeAll(input: InputStream): List<T>? = listReader.readValue(input)
}

/** After the array's end: `false` if nothing but whitespace follows, else the token found, as an exception. */
internal fun JsonParser.refuseTrailingContent(): Boolean {
    val token = nextToken() ?: return false
    throw IllegalArgumentException(
        "content after the end of the array: $token at byte offset ${currentTokenLocation().byteOffset}",
    )
}
