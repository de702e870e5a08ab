package serialbench.parallel.internal.stream

import serialbench.parallel.internal.engine.ListEngine
import serialbench.parallel.internal.split.Fallback
import serialbench.parallel.internal.split.Fallbacks

/**
 * A batch's elements, and the failure that follows them if the batch did not decode to its end; or, for a
 * guessed batch that did not decode, [guessRefuted].
 */
internal class DecodedBatch<T>(val elements: List<T>, val failure: Throwable?, val guessRefuted: Boolean = false)

/**
 * The batches of a [StreamDecoder] decoded by [engine], on whichever thread: the [StreamBatcher]'s batches and
 * the failures of its broken elements. Holds nothing of the decoder, so that the pool's tasks of a sequence
 * abandoned before its end do not keep the decoder alive.
 */
internal class BatchDecoding<T>(private val engine: ListEngine<T>, private val fallbacks: Fallbacks) {
    /**
     * The batch's elements. A guessed batch that does not decode refutes its guess (counted): the batches from it
     * on are cut exactly. An exact batch that does not decode to its elements is read element by element (counted),
     * to fail at the first broken element as the engine would; should every element decode alone where the batch
     * failed with a kotlinx engine ([ListEngine.readsSlicesAlike]), the batch's failure is a fault of this path,
     * not of the text, and is the one thrown after the elements before.
     */
    fun decode(batch: StreamPart.Batch): DecodedBatch<T> {
        var failure: Exception? = null
        val decoded = try {
            val length = batch.textEnd - batch.textStart
            val text = Utf8.decode(batch.bytes, batch.textStart, length, batch.streamOffset + batch.textStart)
            engine.decodeList(text)
        } catch (e: Exception) {
            failure = e
            null
        }
        if (batch.guessed) {
            if (decoded != null) return DecodedBatch(decoded, null)
            fallbacks.add(Fallback.GUESSED_CUTS_MISSED)
            return DecodedBatch(emptyList(), null, guessRefuted = true)
        }
        if (decoded != null && decoded.size == batch.elementStarts!!.size) return DecodedBatch(decoded, null)
        fallbacks.add(Fallback.SLICES_FAILED)
        val elements = decodeElementByElement(batch)
        val pathFault = failure != null && elements.failure == null && engine.readsSlicesAlike
        return if (pathFault) DecodedBatch(emptyList(), failure) else elements
    }

    private fun decodeElementByElement(batch: StreamPart.Batch): DecodedBatch<T> {
        val starts = batch.elementStarts!!
        val ends = batch.elementEnds!!
        val elements = ArrayList<T>(starts.size)
        for (k in starts.indices) {
            val start = starts[k]
            val end = ends[k]
            val bytes = ByteArray(end - start + 2)
            bytes[0] = '['.code.toByte()
            batch.bytes.copyInto(bytes, 1, start, end)
            bytes[bytes.size - 1] = ']'.code.toByte()
            val textOffset = batch.streamOffset + start - 1
            val text = try {
                Utf8.decode(bytes, 0, bytes.size, textOffset)
            } catch (e: Exception) {
                return DecodedBatch(elements, e)
            }
            try {
                elements += engine.decodeList(text).single()
            } catch (e: Exception) {
                return DecodedBatch(elements, elementFailure(e, text, textOffset, batch.firstIndex + k, elements))
            }
        }
        return DecodedBatch(elements, null)
    }

    /**
     * The failure for element [index], whose text (the element alone, as an array) failed to decode with [error].
     * Should the engine, reading the text as a stream does, take a value from the front of the element before it
     * fails (`true` from `truex`), that value goes to [elements] and the failure is the one that follows it, as
     * when the engine reads the whole stream.
     */
    private fun elementFailure(
        error: Exception,
        text: String,
        textOffset: Long,
        index: Long,
        elements: MutableList<T>,
    ): Throwable {
        val taken = ArrayList<T>(1)
        val streamFailure = try {
            engine.decodeElements(text) { taken += it }
            null
        } catch (e: Exception) {
            e
        }
        if (taken.isEmpty() || streamFailure == null) return StreamErrors.rebase(error, text, textOffset, index)
        elements += taken
        return StreamErrors.rebase(streamFailure, text, textOffset, index)
    }

    /** The engine's own failure for a broken element's text, or null should the engine accept it. */
    fun elementError(bytes: ByteArray, textOffset: Long, index: Long): Throwable? {
        val text = try {
            Utf8.decode(bytes, 0, bytes.size, textOffset)
        } catch (e: Exception) {
            return e
        }
        return try {
            engine.decodeList(text)
            null
        } catch (e: Exception) {
            StreamErrors.rebase(e, text, textOffset, index)
        }
    }
}
