package serialbench.codec

import serialbench.data.ShapeKey
import serialbench.results.DataChange

/**
 * A check every codec passes on a shape before it is measured there, supplied by the shape under [KEY]: a user's
 * own type (`bench.model`) asks whether the codec reads the user's file and keeps the data through its own
 * encoding. A codec whose library fails is not supported there ([Outcome.Fails]); one that changes the data is
 * measured with the first change ([Outcome.Kept] with a [DataChange]).
 */
fun interface CodecCheck {
    fun check(codec: Codec, lists: ListCodec<Any>): Outcome

    sealed interface Outcome {
        /** Measured; [change] is the first difference from the reference data, null where it kept it. */
        class Kept(val change: DataChange?) : Outcome

        /** Not measured: [reason] names what failed and the library's message. */
        class Fails(val reason: String) : Outcome
    }

    companion object {
        val KEY = ShapeKey<CodecCheck>("a check of each codec before it is measured")

        /** The reason a library failed at [step]: the deepest cause with a message, its class and first line. */
        fun failure(step: String, e: Exception): String {
            val chain = generateSequence<Throwable>(e) { it.cause }.toList()
            val told = chain.lastOrNull { !it.message.isNullOrBlank() } ?: chain.last()
            val message = told.message.orEmpty().lineSequence().first().take(MESSAGE_CHARS)
            return "its library fails $step: ${told.javaClass.simpleName}: $message"
        }

        private const val MESSAGE_CHARS = 300
    }
}
