package serialbench.codec

/**
 * Turns a whole list of [T] into one [Payload] and back: the operation the benchmark times.
 *
 * Contract:
 * - `decode(encode(objects)) == objects` for every list, including the empty list and adversarial strings.
 * - [encode] returns the same payload for equal input: a codec is deterministic.
 * - Thread safe: one instance may be used from several threads at once.
 * - [decode] of a payload this codec did not make throws an exception naming what is wrong (for JSON,
 *   the library's own exception with the offset where it gives one); it never returns a partial list.
 */
interface ListCodec<T : Any> {
    fun encode(objects: List<T>): Payload

    fun decode(payload: Payload): List<T>
}
