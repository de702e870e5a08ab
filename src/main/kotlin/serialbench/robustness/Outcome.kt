package serialbench.robustness

import kotlinx.serialization.builtins.ListSerializer
import serialbench.codec.ListCodec
import serialbench.codec.Payload
import serialbench.data.Shape

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
        val BY_SEVERITY: List<Outcome> = listOf(HANG, OUT_OF_MEMORY, CRASHED, WRONG_TYPE, BROKEN_ELEMENT, DIFFERENT_LIST)

        /**
         * Decodes [bytes] with [codec] and judges the result against [original], the list [codec]'s own payload
         * holds. The payload is given as [Payload.Binary]: binary codecs read the bytes, text codecs read them as
         * UTF-8 (with U+FFFD for invalid sequences, as `String(bytes, UTF_8)` does) and DSL-JSON reads the bytes.
         * Never throws; never returns [HANG], which only the caller's timeout can tell.
         */
        fun <T : Any> of(codec: ListCodec<T>, shape: Shape<T>, original: List<T>, bytes: ByteArray): Outcome {
            val decoded: List<*> = try {
                codec.decode(Payload.Binary(bytes))
            } catch (e: OutOfMemoryError) {
                return OUT_OF_MEMORY
            } catch (e: Exception) {
                return REFUSED
            } catch (e: Throwable) {
                return CRASHED
            }
            return try {
                judge(shape, original, decoded)
            } catch (e: OutOfMemoryError) {
                OUT_OF_MEMORY
            }
        }

        private fun <T : Any> judge(shape: Shape<T>, original: List<T>, decoded: List<*>): Outcome {
            if (decoded.any { !shape.elementClass.isInstance(it) }) return WRONG_TYPE
            if (decoded == original) return SAME_LIST
            @Suppress("UNCHECKED_CAST")
            val violation = DeclaredTypes.violation(ListSerializer(shape.serializer), decoded as List<T>)
            return if (violation != null) BROKEN_ELEMENT else DIFFERENT_LIST
        }
    }
}
