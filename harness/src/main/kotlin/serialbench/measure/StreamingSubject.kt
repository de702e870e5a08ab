package serialbench.measure

import serialbench.stream.StreamingDecoder
import java.io.ByteArrayInputStream

/**
 * One decode of [bytes] by [decoder], from an `InputStream` over memory: marks the moment the first element is
 * handed over, and consumes every element. Built by [of], which checks the decoded list before any timing.
 */
class StreamingSubject<T : Any> private constructor(
    private val decoder: StreamingDecoder<T>,
    private val bytes: ByteArray,
) : MarkedSubject {
    override val payloadBytes: Int get() = bytes.size

    override fun payloadContent(): ByteArray = bytes

    override fun run(mark: Mark): Any? = decoder.open(ByteArrayInputStream(bytes)).use { elements ->
        var sink = 0
        if (elements.hasNext()) {
            val first = elements.next()
            mark.mark()
            sink = System.identityHashCode(first)
        }
        // Every element is touched, so the JIT cannot drop the decoding of any of them.
        elements.forEachRemainingElement { sink = sink xor System.identityHashCode(it) }
        sink
    }

    companion object {
        /**
         * [decoder] on [bytes], checked first: it must hand over exactly [expected] (what the codec's own list decode
         * gives), else this fails naming [what] and the first differing index.
         */
        fun <T : Any> of(
            decoder: StreamingDecoder<T>,
            bytes: ByteArray,
            expected: List<T>,
            what: String,
        ): StreamingSubject<T> {
            val decoded = decoder.open(ByteArrayInputStream(bytes)).use { it.asSequence().toList() }
            check(decoded == expected) {
                val index =
                    expected.indices.firstOrNull { it >= decoded.size || expected[it] != decoded[it] } ?: expected.size
                "$what: ${decoder.label} decoded ${decoded.size} elements, not the ${expected.size} expected; first " +
                    "difference at index $index"
            }
            return StreamingSubject(decoder, bytes)
        }
    }
}
