package serialbench.codecs

import serialbench.registration.DecoderEntry

/**
 * The closed registry of decoders from a stream, as the codecs register them ([Codecs.registrations]): for each
 * JSON codec with a stream API, its whole-document decode (`mapper`, the baseline) and every streaming decoder its
 * library offers, each made from the codec's own configured instance (so it reads what the codec writes). Labels
 * (`codec/id`) are a contract: the results file uses them.
 */
object StreamingDecoders {
    /** Every decoder, in the codecs' report order, the whole-document one of each codec first. */
    val entries: List<DecoderEntry> by lazy { Codecs.registrations.flatMap { it.decoders } }

    val labels: List<String> get() = entries.map { it.label }

    /** The decoders of [codecs] (codec ids), in registry order. */
    fun of(codecs: Collection<String>): List<DecoderEntry> = entries.filter { it.codec in codecs }

    /** The entry `codec/id`; an unknown label fails with the valid ones. */
    fun byLabel(label: String): DecoderEntry = entries.firstOrNull { it.label == label }
        ?: throw IllegalArgumentException("unknown decoder '$label'; valid decoders: ${labels.joinToString(", ")}")

    init {
        check(entries.map { it.label }.distinct().size == entries.size) { "two decoders share a label" }
    }
}
