package serialbench.report

/**
 * A GitHub table whose raw text is aligned too: every cell padded to its column's width, numbers to the right.
 */
internal class MarkdownTable(private val columns: List<Column>) {
    class Column(val header: String, val right: Boolean = false)

    private val rows = mutableListOf<List<String>>()

    fun row(vararg cells: String) {
        require(cells.size == columns.size) {
            "row has ${cells.size} cells, table has ${columns.size} columns: ${cells.toList()}"
        }
        rows += cells.toList()
    }

    fun appendTo(out: StringBuilder) {
        val widths = columns.indices.map { column ->
            maxOf(columns[column].header.length, MIN_RULE, rows.maxOfOrNull { it[column].length } ?: 0)
        }
        fun line(cells: List<String>) = cells.indices.joinToString(" | ", "| ", " |") { column ->
            if (columns[column].right) cells[column].padStart(widths[column]) else cells[column].padEnd(widths[column])
        }
        out.appendLine(line(columns.map { it.header }))
        out.appendLine(
            columns.indices.joinToString("|", "|", "|") { column ->
                val dashes = "-".repeat(widths[column] + 1)
                if (columns[column].right) "$dashes:" else ":$dashes"
            },
        )
        rows.forEach { out.appendLine(line(it)) }
        out.appendLine()
    }

    private companion object {
        const val MIN_RULE = 3
    }
}

internal fun left(header: String) = MarkdownTable.Column(header)

internal fun right(header: String) = MarkdownTable.Column(header, right = true)
