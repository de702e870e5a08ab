package serialbench.robustness

import kotlinx.serialization.builtins.ListSerializer
import serialbench.codec.ListCodec
import serialbench.codec.Payload
import serialbench.data.Shape

/** One case's [outcome], and the class of what its decode threw, if it threw. */
internal class Judged(val outcome: Outcome, val exceptionClass: String?)

/** What decoding one damaged or foreign payload did; the columns of [serialbench.results.RobustnessRow]. */
internal enum class Outcome(val displayName: String) {
    REFUSED("refused"),
    SAME_LIST("same list"),
    DIFFERENT_LIST("different list"),
    WRONG_TYPE("wrong type"),
    BROKEN_ELEMENT("broken element"),
    HANG("hang"),
    OUT_OF_MEMORY("out of memory"),
    CRASHED("crashed"),
    ;

    /** Whether the caller got something it should not have, or nothing at all: an outcome worth an example. */
    val isSilentOrFatal: Boolean get() = this != REFUSED && this != SAME_LIST

    companion object {
        /** The outcomes a caller should not meet, worst first: what a row's examples show first. */
        val BY_SEVERITY: List<Outcome> =
            listOf(HANG, OUT_OF_MEMORY, CRASHED, WRONG_TYPE, BROKEN_ELEMENT, DIFFERENT_LIST)

        /** [judge]'s outcome alone. */
        fun <T : Any> of(codec: ListCodec<T>, shape: Shape<T>, original: List<T>, bytes: ByteArray): Outcome =
            judge(codec, shape, original, bytes).outcome

        /**
         * Decodes [bytes] with [codec] and judges the result against [original], the list [codec]'s own payload
         * holds. The payload is given as [Payload.Binary]: binary codecs read the bytes, text codecs read them as
         * UTF-8 (with U+FFFD for invalid sequences, as `String(bytes, UTF_8)` does) and DSL-JSON reads the bytes.
         * An exception is a refusal unless it is one of [UNEXPECTED] (a library's own bug, not a check: a
         * `NullPointerException`, an index out of bounds...), which is a crash, as is an [Error] other than
         * [OutOfMemoryError]; the class of what was thrown is kept. Never throws; never returns [HANG], which only
         * the caller's timeout can tell.
         */
        fun <T : Any> judge(codec: ListCodec<T>, shape: Shape<T>, original: List<T>, bytes: ByteArray): Judged {
            val decoded: List<*> = try {
                codec.decode(Payload.Binary(bytes))
            } catch (e: OutOfMemoryError) {
                return Judged(OUT_OF_MEMORY, e.javaClass.name)
            } catch (e: Throwable) {
                val crashed = e is Error || UNEXPECTED.any { it.isInstance(e) }
                return Judged(if (crashed) CRASHED else REFUSED, e.javaClass.name)
            }
            return try {
                Judged(judge(shape, original, decoded), null)
            } catch (e: OutOfMemoryError) {
                Judged(OUT_OF_MEMORY, e.javaClass.name)
            }
        }

        /**
         * Exceptions no decoder throws on purpose: a payload that makes one escape found a bug of the library (or of
         * its codec here), not a check that refused it.
         */
        val UNEXPECTED: List<Class<out Throwable>> = listOf(
            NullPointerException::class.java,
            ClassCastException::class.java,
            IndexOutOfBoundsException::class.java,
            NegativeArraySizeException::class.java,
            ArithmeticException::class.java,
            ArrayStoreException::class.java,
            NoSuchElementException::class.java,
            UnsupportedOperationException::class.java,
            ConcurrentModificationException::class.java,
        )

        private fun <T : Any> judge(shape: Shape<T>, original: List<T>, decoded: List<*>): Outcome {
            if (decoded.any { !shape.elementClass.isInstance(it) }) return WRONG_TYPE
            if (decoded == original) return SAME_LIST
            @Suppress("UNCHECKED_CAST")
            val violation =
                shape.serializerOrNull?.let { DeclaredTypes.violation(ListSerializer(it), decoded as List<T>) }
            return if (violation != null) BROKEN_ELEMENT else DIFFERENT_LIST
        }
    }
}
