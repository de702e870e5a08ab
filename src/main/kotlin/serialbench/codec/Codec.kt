package serialbench.codec

import serialbench.model.TestObject

/**
 * Turns a whole list of [TestObject] into one [Payload] and back: the operation the benchmark times.
 *
 * Contract:
 * - `decode(encode(objects)) == objects` for every list, including the empty list and adversarial strings.
 * - [encode] returns the same payload for equal input: a codec is deterministic.
 * - Implementations are thread safe: one instance may be used from several threads at once.
 * - [decode] of a payload this codec did not make throws an exception naming what is wrong (for JSON,
 *   kotlinx's `SerializationException` with the offset); it never returns a partial list.
 * - A codec that owns threads or buffers releases them in [close]; using it afterwards throws
 *   [IllegalStateException].
 */
interface Codec : AutoCloseable {
    /** Stable identifier used on the command line (`bench.codecs`) and in the results file. */
    val id: String

    /** Name shown in the report. */
    val displayName: String

    /** Serialization format family, for grouping in the report and cross-codec tests. */
    val format: Format

    fun encode(objects: List<TestObject>): Payload

    fun decode(payload: Payload): List<TestObject>

    override fun close() {}

    enum class Format(val displayName: String) { JSON("JSON"), CBOR("CBOR"), PROTOBUF("Protocol Buffers"), BINARY("binary") }
}
