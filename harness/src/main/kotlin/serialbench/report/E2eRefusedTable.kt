package serialbench.report

import serialbench.results.E2eResults

/**
 * The bad requests of an end-to-end run: each codec and shape's status per kind, totals, and an example message per
 * kind.
 */
internal object E2eRefusedTable {
    fun render(out: StringBuilder, results: E2eResults) = with(out) {
        val refused = results.refused
        if (refused.isEmpty()) return@with
        appendLine("## Bad requests")
        appendLine()
        appendLine(
            "After the measured requests, each codec and shape got one request of each kind below, with the " +
                "count and checksum of a good list; the server's status for each (`-`: not sent, the kind " +
                "does not apply):",
        )
        appendLine()
        val kinds = refused.map { it.kind }.distinct()
        val table = MarkdownTable(listOf(left("Codec"), left("Shape")) + kinds.map { right(it) })
        for ((cell, requests) in refused.groupBy { it.codec to it.shape }) {
            val statuses = kinds.map { kind -> requests.firstOrNull { it.kind == kind }?.status?.let(::status) ?: "-" }
            table.row("`${cell.first}`", "`${cell.second}`", *statuses.toTypedArray())
        }
        table.appendTo(this)
        val byStatus = refused.groupingBy { it.status }.eachCount().toSortedMap()
        appendLine(
            "- ${refused.size} bad requests: " +
                "${byStatus.entries.joinToString(", ") { "${it.value} answered ${it.key}" }}. After each " +
                "codec and shape's, a good request was answered 200 (${results.acceptedAfterRefused} in " +
                "all): the server kept serving.",
        )
        val accepted = refused.filter { it.status == 200 }
        if (accepted.isNotEmpty()) {
            appendLine(
                "- ⚠️ Accepted although bad: ${accepted.joinToString(", ") { "`${it.codec}` ${it.kind}" }}: the body " +
                    "decoded to the very list the headers describe.",
            )
        }
        appendLine()
        appendLine("An example of the server's message for each kind:")
        appendLine()
        for (kind in kinds) {
            val example = refused.first { it.kind == kind && it.status != 200 }
            appendLine(
                "- `$kind`, `${example.codec}` (${Units.count(example.bodyBytes)} bytes): " +
                    "${example.status} `${example.message.replace('`', '\'')}`",
            )
        }
        appendLine()
    }

    private fun status(code: Int): String = if (code == 200) "200 ⚠️" else code.toString()
}
