package serialbench.model

import serialbench.codec.Codec
import serialbench.codec.CodecCheck
import serialbench.codec.DocumentAsList
import serialbench.codec.ListCodec
import serialbench.codec.Payload
import serialbench.results.DataChange

/**
 * A codec on the user's type, before it is timed: a JSON codec decodes the user's file ([ModelSample.listText], or
 * [ModelSample.fileText] for a codec that carries a one-document file as the document itself),
 * and every codec encodes the [reference] objects and decodes them back; each result is compared with the reference
 * ([ObjectDifference]). A library that fails on either is not supported, with its message; one that changes the
 * data is measured with the first change, the file's first.
 */
internal class ModelCodecCheck(private val sample: ModelSample, private val reference: List<Any>) : CodecCheck {
    override fun check(codec: Codec, lists: ListCodec<Any>): CodecCheck.Outcome {
        val fromFile = if (codec.format == Codec.Format.JSON) {
            // a codec that carries the document itself reads the file as it is, not in brackets
            val text = if (lists is DocumentAsList<*>) sample.fileText else sample.listText
            val decoded = attempt("reading the file") { lists.decode(Payload.Text(text)) }
                .getOrElse { return CodecCheck.Outcome.Fails(it.message!!) }
            ObjectDifference.between(reference, decoded)?.let { prefixed("reading the file", it) }
        } else {
            null
        }
        val back = attempt("encoding the data and decoding it back") { lists.decode(lists.encode(reference)) }
            .getOrElse { return CodecCheck.Outcome.Fails(it.message!!) }
        val roundTrip = ObjectDifference.between(reference, back)?.let { prefixed("encoded and decoded back", it) }
        return CodecCheck.Outcome.Kept(fromFile ?: roundTrip)
    }

    private inline fun attempt(step: String, block: () -> List<Any>): Result<List<Any>> = try {
        Result.success(block())
    } catch (e: Exception) {
        // an Error (out of memory, a missing class) is not a library's limit on this type: it propagates
        Result.failure(IllegalStateException(CodecCheck.failure(step, e), e))
    }

    private fun prefixed(step: String, change: DataChange) = change.copy(description = "$step: ${change.description}")
}
