package serialbench.results

import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.descriptors.StructureKind
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonNull
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import kotlinx.serialization.json.jsonObject

/**
 * A run's rows as one flat CSV table (RFC 4180 quoting, `\n` line ends), for spreadsheets and scripts: a header of the
 * [ResultRow] field names, in their order, then one line per row: the codecs' rows, then the decodes from a stream
 * (`bench.streaming`, told apart by `decoder`), then the I/O paths (`bench.io`, told apart by `io`), then the engines'
 * rounds on every thread at once (`bench.ceiling`, told apart by `concurrentCalls`). Values are written
 * as in `benchmark-results.json`; a missing value is an empty cell; a list is one cell with its items separated by `;`;
 * a nested object (`dataChange`) is one column per field, named `dataChange.path` and so on. The raw repetitions
 * (`durationsNanos`) are left out: they are in `benchmark-results.json` and `benchmark-jmh.json`.
 */
object ResultsCsv {
    private val json = Json { encodeDefaults = true }
    private val LEFT_OUT = setOf("durationsNanos")

    private class Column(val name: String, val value: (JsonObject) -> JsonElement?)

    private val columns: List<Column> = ResultRow.serializer().descriptor.let { row ->
        (0 until row.elementsCount).filter { row.getElementName(it) !in LEFT_OUT }.flatMap { index ->
            val name = row.getElementName(index)
            val element: SerialDescriptor = row.getElementDescriptor(index)
            if (element.kind == StructureKind.CLASS) {
                (0 until element.elementsCount).map { field ->
                    val fieldName = element.getElementName(field)
                    Column("$name.$fieldName") { (it[name] as? JsonObject)?.get(fieldName) }
                }
            } else {
                listOf(Column(name) { it[name] })
            }
        }
    }

    fun render(results: BenchmarkResults): String = buildString {
        appendLine(columns.joinToString(",") { quote(it.name) })
        for (row in results.results + results.streaming + results.ioPaths + results.ceiling + results.documentSet) {
            val tree = json.encodeToJsonElement(ResultRow.serializer(), row).jsonObject
            appendLine(columns.joinToString(",") { quote(cell(it.value(tree))) })
        }
    }

    private fun cell(value: JsonElement?): String = when (value) {
        null, JsonNull -> ""
        is JsonPrimitive -> value.content
        is JsonArray -> value.joinToString(";") { cell(it) }
        is JsonObject -> value.toString()
    }

    private fun quote(cell: String): String = if (cell.any {
            it == ',' || it == '"' || it == '\n' || it == '\r'
        }
    ) {
        "\"" + cell.replace("\"", "\"\"") + "\""
    } else {
        cell
    }
}
