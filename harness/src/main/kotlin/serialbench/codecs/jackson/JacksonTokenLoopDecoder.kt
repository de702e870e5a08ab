package serialbench.codecs.jackson

import com.fasterxml.jackson.core.JsonFactory
import com.fasterxml.jackson.core.JsonParser
import com.fasterxml.jackson.core.JsonToken
import serialbench.stream.ElementReader
import serialbench.stream.LibraryDecoder
import serialbench.stream.StreamingDecoder
import serialbench.stream.TokenLoop
import java.io.InputStream

/** Jackson's [JsonParser] driven by a hand-written [TokenLoop]: no data binding at all. */
internal class JacksonTokenLoopDecoder<T : Any>(private val loop: TokenLoop<T>, private val factory: JsonFactory) :
    LibraryDecoder<T>(
        JacksonCodec.ID,
        ID,
        StreamingDecoder.Kind.STREAMING,
        "JsonParser.nextToken() with a hand-written reader per element",
        unboundedMemory = null,
    ) {
    override fun reader(input: InputStream): ElementReader<T> = object : ElementReader<T> {
        private val parser: JsonParser = factory.createParser(input)
        private var started = false

        override fun hasNext(): Boolean {
            if (!started) {
                val first = parser.nextToken()
                if (first != JsonToken.START_ARRAY) {
                    throw IllegalArgumentException("expected the start of an array, found $first")
                }
                started = true
            }
            return when (val token = parser.nextToken()) {
                JsonToken.START_OBJECT -> true
                JsonToken.END_ARRAY -> parser.refuseTrailingContent()
                else -> throw IllegalArgumentException("expected an object or the end of the array, found $token")
            }
        }

        override fun next(): T = loop.read(parser)

        override fun byteOffset(): Long = parser.currentLocation().byteOffset

        override fun close() = parser.close()
    }

    companion object {
        const val ID = "token-loop"
    }
}
