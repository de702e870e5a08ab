package serialbench.codec

import serialbench.data.Shape

/**
 * One serialization library, configured as its documentation advises for speed, able to carry lists of one or
 * more [Shape]s. [support] says, for a shape, how this codec carries it ([ShapeSupport.Supported] with a
 * [ListCodec]) or why it cannot ([ShapeSupport.Unsupported] with the reason, shown in the report).
 *
 * Contract:
 * - [support] returns the same answer for the same shape every time; a supported shape's [ListCodec] is
 *   created once and cached, so asking again is cheap.
 * - Implementations are thread safe: one instance and its list codecs may be used from several threads at once.
 * - A codec that owns threads or buffers releases them in [close]; using it afterwards throws
 *   [IllegalStateException].
 */
interface Codec : AutoCloseable {
    /** Stable identifier used on the command line (`bench.codecs`) and in the results file. */
    val id: String

    /** Name shown in the report. */
    val displayName: String

    /**
     * How it binds a class it was not written for (a user's own type, `bench.model`): the library's API, modules,
     * adapters and registration, for the report.
     */
    val binding: String

    /** Serialization format family, for grouping in the report and cross-codec tests. */
    val format: Format

    /** How this codec carries lists of [shape]'s elements, or why it cannot. */
    fun <T : Any> support(shape: Shape<T>): ShapeSupport<T>

    override fun close() {}

    enum class Format(val displayName: String) {
        JSON(
            "JSON",
        ),
        CBOR("CBOR"),
        PROTOBUF("Protocol Buffers"),
        BINARY("binary"),
    }
}

/** The [ListCodec] for [shape]; [UnsupportedShapeException] with the reason when this codec cannot carry it. */
fun <T : Any> Codec.listCodec(shape: Shape<T>): ListCodec<T> = when (val support = support(shape)) {
    is ShapeSupport.Supported -> support.codec
    is ShapeSupport.Unsupported -> throw UnsupportedShapeException(id, shape.id, support.reason)
}

/** A codec was asked for a shape it cannot carry. */
class UnsupportedShapeException(val codec: String, val shape: String, val reason: String) :
    IllegalArgumentException("codec $codec does not support shape $shape: $reason")
