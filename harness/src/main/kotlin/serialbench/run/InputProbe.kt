package serialbench.run

import kotlinx.serialization.json.JsonElement
import serialbench.codec.Codec
import serialbench.codec.Payload
import serialbench.codec.tree.TreeCodec
import serialbench.codec.tree.TreeSupport
import serialbench.codecs.TreeCodecs
import serialbench.input.InputDocument
import serialbench.input.JsonDifference
import serialbench.measure.Cell
import serialbench.measure.CodecBenchmark
import serialbench.measure.Measurement
import serialbench.measure.TreeSubject
import serialbench.results.DataChange
import serialbench.results.UnsupportedCell

/**
 * The user's file (`bench.input`) through the codecs in tree mode, as one more shape of a run, measured after the
 * lists ([ListsProbe]).
 *
 * Correctness first: in its warm-up, before anything is timed, each codec decodes the file and encodes its tree back,
 * and the output is compared with the file as trees ([JsonDifference]). A codec that changes the data is still
 * measured, and every row of it carries the first difference ([DataChange]): users want to know both how fast a
 * library is on their data and what it does to it. A codec without a tree mode for the document, or whose library
 * fails on it, is an [UnsupportedCell] with the reason (the library's message for a failure).
 */
internal class InputProbe(private val document: InputDocument, private val context: ProbeContext) : Probe {
    override val kind: ProbeKind get() = KIND

    private class Ready(val codec: Codec, val trees: TreeCodec, val payload: Payload, val change: DataChange?)

    private val log = context.log
    private val created = mutableListOf<TreeCodec>()
    private val ready = mutableListOf<Ready>()

    /** The codecs that cannot measure the file, with the reason; known once [warmUp] checked each. */
    private var unsupported: List<UnsupportedCell> = emptyList()

    /**
     * Checks each codec on the file (the tree codecs it creates are closed by [close], the parallel ones own
     * threads), then runs each that can measure it for the codec warm-up's length, untimed.
     */
    override fun warmUp() {
        val reference = document.reference()
        unsupported = context.codecs.mapNotNull { codec ->
            when (val support = TreeCodecs.support(codec, context.config.threads)) {
                is TreeSupport.Unsupported -> unsupportedCell(codec, support.reason)

                is TreeSupport.Supported -> {
                    created += support.codec
                    val payload = support.codec.payloadOf(document.text)
                    checkData(codec, support.codec, payload, reference)?.let { unsupportedCell(codec, it) }
                }
            }
        }
        val millis = context.config.warmupMillis * CodecBenchmark.CODEC_WARM_UP_FACTOR
        for (entry in ready) {
            log("warming up ${entry.codec.id} on ${document.shapeId}")
            context.benchmark.warmUp(cell(entry.codec), TreeSubject(entry.trees, entry.payload), millis)
        }
    }

    /** Times every codec on the file; each row carries the codec's [DataChange], if any. */
    override fun measure(): ProbeRows = ProbeRows(KIND, measurements(), unsupported)

    private fun measurements(): List<Measurement> = ready.flatMap { entry ->
        context.benchmark.run(cell(entry.codec), TreeSubject(entry.trees, entry.payload), document = true)
            .map { Measurement(it.row.copy(dataChange = entry.change), it.samples) }
    }

    override fun close() = created.forEach { it.close() }

    /** Decodes and re-encodes the file; null when the codec can be measured (recorded in [ready]), else why not. */
    private fun checkData(codec: Codec, trees: TreeCodec, payload: Payload, reference: JsonElement): String? {
        val output = try {
            trees.encodeTree(trees.decodeTree(payload))
        } catch (e: Exception) {
            log("${codec.id} fails on ${document.shapeId}: $e")
            val firstLine = e.message?.lineSequence()?.first() ?: "(no message)"
            return "its library fails on this file: ${e.javaClass.simpleName}: $firstLine"
        }
        val change = JsonDifference.ofOutput(reference, output.toText())
        change?.let {
            log(
                "${codec.id} changes the data of ${document.shapeId}: ${it.path}: ${it.description} " +
                    "(${it.differences} differences)",
            )
        }
        ready += Ready(codec, trees, payload, change)
        return null
    }

    private fun unsupportedCell(codec: Codec, reason: String) =
        UnsupportedCell(codec.id, codec.displayName, document.shapeId, reason)

    private fun cell(codec: Codec) = Cell.of(codec, document.shapeId, document.size)

    companion object : Probe.Factory {
        val KIND = ProbeKind("input", ResultsSection.RESULTS)

        override fun create(context: ProbeContext): Probe? = context.input?.let { InputProbe(it, context) }
    }
}
