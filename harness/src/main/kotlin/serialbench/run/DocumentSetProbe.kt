package serialbench.run

import kotlinx.serialization.json.JsonElement
import serialbench.codec.Codec
import serialbench.codec.DocumentAsList
import serialbench.codec.JsonFormats
import serialbench.codec.ShapeSupport
import serialbench.codec.splitCounting
import serialbench.codec.tree.TreeSupport
import serialbench.codecs.Codecs
import serialbench.codecs.TreeCodecs
import serialbench.data.Documents
import serialbench.data.Shape
import serialbench.documentset.DocumentMode
import serialbench.documentset.SetDocument
import serialbench.input.JsonDifference
import serialbench.measure.Cell
import serialbench.measure.CodecBenchmark
import serialbench.measure.DocumentSubject
import serialbench.measure.FormatSubject
import serialbench.measure.Measurement
import serialbench.measure.Subject
import serialbench.measure.TreeSubject
import serialbench.model.ObjectGraph
import serialbench.results.DataChange
import serialbench.results.RunPhase
import serialbench.results.UnsupportedCell

/**
 * The document set (`bench.documentSet`): each parallel codec and its engine ([CODECS]) on each document of the set,
 * as its class and as a tree, after the lists. kotlinx `Json` and the formats over it ([JsonFormats]) take the
 * document's layout's configuration and must write `Json`'s text ([FormatSubject]); fastjson2 and its parallel layer
 * bind the class themselves ([DocumentSubject]) and use their own trees ([TreeSubject], whose output is compared with
 * the document as trees and any change reported on the rows, as for `bench.input`). Every codec reads the text `Json`
 * wrote. Each document is new code to the JVM: its warm-ups wait longer for the JIT
 * ([CodecBenchmark.DOCUMENT_JIT_WAIT_FACTOR]). Each document is made once per JVM and dropped after its series.
 * Rows go to the results' `documentSet`, shape `<document>/<mode>`, size 1; a codec that cannot carry a document is
 * a cell not supported, with the reason.
 */
internal class DocumentSetProbe(private val context: ProbeContext, private val documents: List<SetDocument>) :
    Probe {
    override val kind: ProbeKind get() = KIND

    override val phase: RunPhase get() = RunPhase.DOCUMENT_SET

    private val benchmark = context.quietBenchmark()

    /** A codec ready on one document and mode: its [subject], what to close after, the data it changed. */
    private class Prepared(val subject: Subject, val closing: AutoCloseable?, val change: DataChange?)

    override fun measure(): ProbeRows {
        val codecs = context.codecs.filter { it.id in CODECS }
        val measurements = mutableListOf<Measurement>()
        val unsupported = mutableListOf<UnsupportedCell>()
        if (codecs.isNotEmpty()) {
            for (document in documents) {
                measure(
                    codecs,
                    document.generate(context.config.seed),
                    measurements,
                    unsupported,
                )
            }
        }
        return ProbeRows(KIND, measurements, unsupported)
    }

    private fun <T : Any> measure(
        codecs: List<Codec>,
        generated: SetDocument.Generated<T>,
        measurements: MutableList<Measurement>,
        unsupported: MutableList<UnsupportedCell>,
    ) {
        val document = generated.document
        val tree = document.layout.json().parseToJsonElement(generated.text)
        context.log(
            "document set: ${document.id}, ${generated.bytes} bytes, " +
                "${generated.kind.id} of ${generated.records} records",
        )
        val shape = shapeOf(generated)
        for (mode in DocumentMode.entries) {
            for (codec in codecs) {
                val cellShape = "${document.id}/${mode.id}"
                val name = "${codec.id} on $cellShape"
                val prepared = try {
                    prepare(codec, mode, generated, tree, shape, name)
                } catch (e: UnsupportedDocument) {
                    context.log("$name: not supported: ${e.reason}")
                    unsupported += UnsupportedCell(codec.id, codec.displayName, cellShape, e.reason)
                    continue
                }
                try {
                    measurements += benchmark.run(Cell.of(codec, cellShape, 1), prepared.subject, document = true)
                        .map { Measurement(it.row.copy(dataChange = prepared.change), it.samples) }
                } finally {
                    prepared.closing?.close()
                }
            }
        }
    }

    /** [codec] on [generated] in [mode], or [UnsupportedDocument] with the reason. */
    private fun <T : Any> prepare(
        codec: Codec,
        mode: DocumentMode,
        generated: SetDocument.Generated<T>,
        tree: JsonElement,
        shape: Shape<T>,
        name: String,
    ): Prepared {
        if (codec is JsonFormats) {
            val format = codec.over(generated.document.layout.json())
            val splits = codec.splitsOf(format)
            val subject = when (mode) {
                DocumentMode.CLASS ->
                    FormatSubject(format, generated.kind.serializer, generated.value, generated.text, name, splits)

                DocumentMode.TREE -> FormatSubject(format, JsonElement.serializer(), tree, generated.text, name, splits)
            }
            return Prepared(subject, format as? AutoCloseable, null)
        }
        return when (mode) {
            DocumentMode.CLASS -> when (val support = codec.support(shape)) {
                is ShapeSupport.Unsupported -> throw UnsupportedDocument(support.reason)

                is ShapeSupport.Supported -> {
                    val carried = support.codec as? DocumentAsList<T>
                        ?: throw UnsupportedDocument("it carries no document of its own, only lists")
                    val splits = support.codec.splitCounting
                    Prepared(
                        DocumentSubject(carried.document, generated.value, generated.text, name, splits),
                        null,
                        null,
                    )
                }
            }

            DocumentMode.TREE -> when (val support = TreeCodecs.support(codec, context.config.threads)) {
                is TreeSupport.Unsupported -> throw UnsupportedDocument(support.reason)

                is TreeSupport.Supported -> {
                    val trees = support.codec
                    val payload = trees.payloadOf(generated.text)
                    val change = JsonDifference.ofOutput(tree, trees.encodeTree(trees.decodeTree(payload)).toText())
                    change?.let { context.log("$name changes the data: ${it.path}: ${it.description}") }
                    Prepared(TreeSubject(trees, payload), trees, change)
                }
            }
        }
    }

    /** A codec cannot carry a document of the set, for [reason]. */
    private class UnsupportedDocument(val reason: String) : Exception(reason, null, false, false)

    companion object : Probe.Factory {
        val KIND = ProbeKind("documentSet", ResultsSection.DOCUMENT_SET)

        /** The codecs the set times: each parallel codec and its engine ([Codecs.parallelPairs]). */
        val CODECS: Set<String> = Codecs.parallelPairs.flatMap { (multi, single) -> listOf(multi, single) }.toSet()

        override fun create(context: ProbeContext): Probe? =
            context.config.documentSet.takeIf { it.isNotEmpty() }?.let { DocumentSetProbe(context, it) }

        /** The shape of one document, its only size a list of one, for the codecs that bind its class themselves. */
        private fun <T : Any> shapeOf(generated: SetDocument.Generated<T>): Shape<T> {
            val value = generated.value
            return Shape(
                id = generated.document.id,
                description = generated.kind.description,
                elementClass = value.javaClass,
                serializerOrNull = generated.kind.serializer,
                defaultSizes = listOf(1),
                classes = listOf(value.javaClass) + (ObjectGraph.classes(listOf(value)) - value.javaClass),
                heapBytesPerElement = generated.bytes * HEAP_PER_JSON_BYTE,
                adversarial = emptyList(),
                extensions = mapOf(Documents.ONE_DOCUMENT to true),
            ) { _, count -> List(count) { value } }
        }

        /** Decoded documents take several times their JSON's bytes (as `bench.model` assumes). */
        private const val HEAP_PER_JSON_BYTE = 8L
    }
}
