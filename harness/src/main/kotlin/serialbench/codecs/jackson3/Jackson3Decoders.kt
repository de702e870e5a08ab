package serialbench.codecs.jackson3

import serialbench.data.Shape
import serialbench.stream.ElementReader
import serialbench.stream.LibraryDecoder
import serialbench.stream.StreamingDecoder
import serialbench.stream.WholeDocumentDecoder
import tools.jackson.core.JsonParser
import tools.jackson.core.JsonToken
import tools.jackson.databind.MappingIterator
import tools.jackson.databind.ObjectMapper
import tools.jackson.databind.ObjectReader
import java.io.InputStream

/**
 * Jackson 3's [MappingIterator] (`ObjectReader.readValues`) over the elements of the root array, as
 * [JacksonMappingIteratorDecoder].
 */
internal class Jackson3MappingIteratorDecoder<T : Any>(shape: Shape<T>, private val mapper: ObjectMapper) :
    LibraryDecoder<T>(
        Jackson3Codec.ID,
        "mapping-iterator",
        StreamingDecoder.Kind.STREAMING,
        "ObjectMapper.readerFor(type).readValues(parser): MappingIterator",
        unboundedMemory = null,
    ) {
    private val elementReader: ObjectReader = mapper.readerFor(shape.elementClass)

    override fun reader(input: InputStream): ElementReader<T> = object : ElementReader<T> {
        // Our own parser, past the root array's START_ARRAY, so that trailing content can be checked at the end.
        private val parser: JsonParser = mapper.createParser(input).apply {
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

/** Jackson 3 `ObjectReader.readValue(stream)` of the whole list. */
internal class Jackson3WholeDocumentDecoder<T : Any>(shape: Shape<T>, mapper: ObjectMapper) :
    WholeDocumentDecoder<T>(Jackson3Codec.ID, "ObjectMapper.readerFor(listType).readValue(stream)") {
    private val listReader: ObjectReader =
        mapper.readerFor(mapper.typeFactory.constructCollectionType(List::class.java, shape.elementClass))

    override fun decodeAll(input: InputStream): List<T>? = listReader.readValue(input)
}

/** After the array's end: `false` if nothing but whitespace follows, else the token found, as an exception. */
private fun JsonParser.refuseTrailingContent(): Boolean {
    val token = nextToken() ?: return false
    throw IllegalArgumentException(
        "content after the end of the array: $token at byte offset ${currentTokenLocation().byteOffset}",
    )
}
