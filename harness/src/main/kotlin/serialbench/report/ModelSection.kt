package serialbench.report

import serialbench.results.JsonTopLevel
import serialbench.results.ModelInfo
import serialbench.results.ResultRow
import serialbench.results.ShapeInfo

/** The parts of a report about the user's own type (`bench.model`): what was measured, how each codec binds it. */
internal object ModelSection {
    /** The test-conditions line of a model shape: the class, the file, the classpath and the reference. */
    fun condition(shape: ShapeInfo, model: ModelInfo): String = buildString {
        val file = model.file
        append("- Your class `${model.className}` (`${shape.id}`), on the file `${file.name}` (`${file.path}`, ")
        append("${Units.bytes(file.sizeBytes)}: ${InputFileSection.outline(file)}), ")
        if (model.measuredAsDocument) {
            append("the document as `${model.referenceCodec}` decodes it: every codec is measured on the document ")
            append("itself, encoding and decoding the one object with no list around it. ")
        } else {
            append(
                when (file.topLevel) {
                    JsonTopLevel.ARRAY -> "its elements"
                    JsonTopLevel.OBJECT -> "the document as a list of one"
                },
            )
            append(" as `${model.referenceCodec}` decodes them: every codec is measured on these objects")
            append("; N = ${shape.sizes.joinToString(", ") { Units.count(it) }}")
            append(" (a size other than the file's repeats its elements in order). ")
        }
        val entries = model.classpath.joinToString(", ") { "`$it`" }
        append(if (model.classpath.isEmpty()) "Loaded from the harness's classpath." else "Classpath: $entries.")
    }

    /** Whether each measured codec kept the data, then how each binds the class. */
    fun render(out: StringBuilder, model: ModelInfo, rows: List<ResultRow>) = with(out) {
        InputFileSection.dataKept(
            this,
            rows,
            "Each codec's objects compared with the reference (`${model.referenceCodec}`'s decode of the file) by " +
                "`equals`, and field by field where not equal: a JSON codec's decode of the file itself, then " +
                "every codec's decode of its own encoding of the reference objects, both checked before timing.",
        )
        if (model.bindings.isEmpty()) return
        appendLine("## How each codec binds `${model.className.substringAfterLast('.')}`")
        appendLine()
        val table = MarkdownTable(listOf(left("Codec"), left("Binding")))
        for ((codec, binding) in model.bindings) table.row("`$codec`", binding.replace("|", "\\|"))
        table.appendTo(this)
    }
}
