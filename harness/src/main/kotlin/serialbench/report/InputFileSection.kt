package serialbench.report

import serialbench.results.FileOutline
import serialbench.results.JsonTopLevel
import serialbench.results.ResultRow
import serialbench.results.ShapeInfo

/** The parts of a report about the user's file (`bench.input`): what it is, and whether each codec kept its data. */
internal object InputFileSection {
    /** The test-conditions line of a file shape: its name, path, size and outline, and what tree mode measures. */
    fun condition(shape: ShapeInfo, file: FileOutline): String = buildString {
        append("- File `${file.name}` (`${file.path}`, ${Units.bytes(file.sizeBytes)}): ${outline(file)}. ")
        append(
            "Tree mode: each JSON codec decodes the file as it is into its library's own tree (kotlinx " +
                "`JsonElement`, Jackson `JsonNode`, Gson `JsonElement`, fastjson2 `JSONObject`/`JSONArray`, " +
                "Moshi and DSL-JSON maps and lists; ParallelJson a `JsonElement` with its large arrays and objects " +
                "split, fastjson2 parallel a top-level array's list of element trees) and encodes that tree back; ",
        )
        val n = shape.sizes.joinToString(", ") { Units.count(it) }
        append(
            when (file.topLevel) {
                JsonTopLevel.ARRAY -> "N = $n, the elements of the array."
                JsonTopLevel.OBJECT -> "N = $n, the document."
            },
        )
    }

    /** Whether each measured codec kept the file's data, with the first difference of those that did not. */
    fun dataKept(out: StringBuilder, rows: List<ResultRow>, how: String = TREE_COMPARISON) = with(out) {
        if (rows.isEmpty()) return
        appendLine("## Data kept")
        appendLine()
        appendLine(
            "$how A codec that changes the data is measured all the same; its times are for what it does to it.",
        )
        appendLine()
        val table = MarkdownTable(listOf(left("Codec"), left("Data")))
        for ((codec, codecRows) in rows.groupBy { it.codec }) {
            val change = codecRows.firstNotNullOfOrNull { it.dataChange }
            val data = if (change == null) {
                "kept"
            } else {
                val all = if (change.differences == 1) {
                    "1 difference"
                } else {
                    "${Units.count(change.differences)} differences in all"
                }
                "changes the data: `${change.path}`: ${change.description} ($all)"
            }
            table.row("`$codec`", data.replace("|", "\\|"))
        }
        table.appendTo(this)
    }

    private const val TREE_COMPARISON = "Each codec's tree of the file, encoded back, compared with the file, both " +
        "read as JSON: numbers by value (`1.0` equals `1`, `-0.0` does not equal `0`), strings exactly, object " +
        "members in any order."

    fun outline(file: FileOutline): String = buildString {
        append(
            when (file.topLevel) {
                JsonTopLevel.ARRAY -> "an array of ${Units.count(file.elements)} element" +
                    if (file.elements == 1) "" else "s"

                JsonTopLevel.OBJECT -> "an object of ${Units.count(file.elements)} member" +
                    if (file.elements == 1) "" else "s"
            },
        )
        append(", ${file.depth} level${if (file.depth == 1) "" else "s"} deep")
        if (file.duplicateKeys > 0) {
            append(
                ", ${Units.count(file.duplicateKeys)} duplicate key${if (file.duplicateKeys == 1) "" else "s"} " +
                    "(the first at `${file.firstDuplicateKey}`; a tree keeps one value of each)",
            )
        }
        if (file.byteOrderMark) append(", a UTF-8 byte order mark at its start (skipped)")
    }
}
