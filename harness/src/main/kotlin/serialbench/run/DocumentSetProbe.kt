package serialbench.run

import kotlinx.serialization.json.JsonElement
import serialbench.codec.Codec
import serialbench.codec.JsonFormats
import serialbench.codecs.kotlinxjson.KotlinxJsonCodec
import serialbench.codecs.paralleljson.ParallelJsonCodec
import serialbench.documentset.DocumentMode
import serialbench.documentset.SetDocument
import serialbench.measure.Cell
import serialbench.measure.FormatSubject
import serialbench.measure.Measurement
import serialbench.results.RunPhase

/**
 * The document set (`bench.documentSet`): each codec that is kotlinx `Json` or a format over it ([JsonFormats]:
 * `kotlinx-json`, `kotlinx-json-parallel`) on each document of the set, in its layout's configuration, as its class
 * and as a `JsonElement` tree, after the lists. Each document is made once per JVM and dropped after its series.
 * Each subject checks its first calls against `Json`'s text and value ([FormatSubject]). Rows go to the results'
 * `documentSet`, shape `<document>/<mode>`, size 1.
 */
internal class DocumentSetProbe(private val context: ProbeContext, private val documents: List<SetDocument>) :
    Probe {
    override val kind: ProbeKind get() = KIND

    override val phase: RunPhase get() = RunPhase.DOCUMENT_SET

    private val benchmark = context.quietBenchmark()

    override fun measure(): ProbeRows {
        val codecs = context.codecs.filter { it.id in CODECS && it is JsonFormats }
        val measurements = if (codecs.isEmpty()) {
            emptyList()
        } else {
            documents.flatMap { document -> measure(codecs, document.generate(context.config.seed)) }
        }
        return ProbeRows(KIND, measurements, emptyList())
    }

    private fun <T : Any> measure(codecs: List<Codec>, generated: SetDocument.Generated<T>): List<Measurement> {
        val document = generated.document
        val json = document.layout.json()
        val tree = json.parseToJsonElement(generated.text)
        context.log(
            "document set: ${document.id}, ${generated.bytes} bytes, " +
                "${generated.kind.id} of ${generated.records} records",
        )
        return DocumentMode.entries.flatMap { mode ->
            codecs.flatMap { codec ->
                val formats = codec as JsonFormats
                val format = formats.over(json)
                try {
                    val name = "${codec.id} on ${document.id} (${mode.id})"
                    val splits = formats.splitsOf(format)
                    val subject = when (mode) {
                        DocumentMode.CLASS ->
                            FormatSubject(
                                format,
                                generated.kind.serializer,
                                generated.value,
                                generated.text,
                                name,
                                splits,
                            )

                        DocumentMode.TREE ->
                            FormatSubject(format, JsonElement.serializer(), tree, generated.text, name, splits)
                    }
                    benchmark.run(Cell.of(codec, "${document.id}/${mode.id}", 1), subject)
                } finally {
                    (format as? AutoCloseable)?.close()
                }
            }
        }
    }

    companion object : Probe.Factory {
        val KIND = ProbeKind("documentSet", ResultsSection.DOCUMENT_SET)

        /** The codecs the set times: those that are kotlinx `Json` or a format over it ([JsonFormats]). */
        val CODECS: Set<String> = setOf(KotlinxJsonCodec.ID, ParallelJsonCodec.ID)

        override fun create(context: ProbeContext): Probe? =
            context.config.documentSet.takeIf { it.isNotEmpty() }?.let { DocumentSetProbe(context, it) }
    }
}
