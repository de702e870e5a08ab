package serialbench.report

import serialbench.results.E2eResults
import serialbench.results.E2eRow
import java.util.Locale

/**
 * Renders an end-to-end HTTP run (`e2e-report.md`) as GitHub-flavoured markdown: a pure function of the
 * results, which record their method and their HTTP stack. One table per shape and size, every codec in every
 * mode; then what the parallel codecs and connection reuse changed, the charts, and the bad requests.
 */
object E2eReport {
    fun render(results: E2eResults): String = buildString {
        appendLine("# End-to-end HTTP benchmark")
        appendLine()
        EnvironmentTable.render(this, results.environment, stackRows(results))
        conditions(results)
        for ((shapeAndSize, rows) in results.rows.groupBy { it.shape to it.size }) {
            val (shape, size) = shapeAndSize
            appendLine("## `$shape`, N = ${Units.count(size)}")
            appendLine()
            requestTable(rows)
        }
        E2eComparisons.parallel(this, results)
        E2eComparisons.connectionReuse(this, results.rows)
        ChartsSection.render(this, E2eCharts.specs(results.rows))
        E2eRefusedTable.render(this, results)
        notSupported(results)
    }

    /** The rows the environment table gains: the server with its engine, and the client, with versions. */
    internal fun stackRows(results: E2eResults): List<Pair<String, String>> = with(results.stack) {
        listOf(
            "HTTP server" to "$server $serverVersion on its $engine engine ($engine $engineVersion), loopback",
            "HTTP client" to "$client $clientVersion",
        )
    }

    /** `1 thread, new` or `8 threads, pooled`. */
    internal fun mode(threads: Int, pooled: Boolean): String =
        "$threads thread${if (threads == 1) "" else "s"}, ${if (pooled) "pooled" else "new"}"

    private fun StringBuilder.conditions(results: E2eResults) {
        val method = results.method
        appendLine("## Test conditions")
        appendLine()
        appendLine(
            "- Server and client run in one JVM and talk over loopback: ${results.stack.server} on its " +
                "${results.stack.engine} engine, and ${results.stack.client} with blocking calls.",
        )
        appendLine(
            "- A request: the client encodes the list with the codec and POSTs it to `/upload/{codec}/{shape}` with " +
                "the element count and a checksum of the content; the server decodes the body with its own instance " +
                "of the codec, checks count and checksum, and answers with a digest of what it decoded, which the " +
                "client checks. A request's time runs from the start of encoding to the end of reading the answer.",
        )
        appendLine(
            "- Modes: ${method.threads.joinToString(" and ")} client threads, each with a new connection for " +
                "every request (`new`) and with a pool that keeps connections open (`pooled`: at most " +
                "${method.poolMaxTotal} connections, ${method.poolMaxPerRoute} per route). Before any mode, " +
                "each codec sent requests on each shape for ${method.codecWarmUpMillis} ms (discarded; a " +
                "pooled connection and a new one in turn), so that JIT compilation is over. In each mode, " +
                "every client thread first sends ${method.warmupPerThread} discarded requests; then the " +
                "threads, started together, share ${Units.count(method.requests)} measured requests.",
        )
        for (shape in method.shapes) {
            appendLine(
                "- Shape `${shape.id}`: ${shape.description}, generated from seed ${method.seed}; elements per " +
                    "request: ${shape.sizes.joinToString(", ") { Units.count(it) }}.",
            )
        }
        appendLine(
            "- The server reads bodies of up to ${Units.count(method.maxBodyBytes)} bytes and refuses larger " +
                "ones (413); the parallel codecs use ${method.codecThreads} threads on each side.",
        )
        appendLine(
            "- Mean ± Error: the mean time per request and half its 99.9% confidence interval. Total: from " +
                "the start of the measured requests to the end of the last. MB/s: request bodies in " +
                "megabytes (10^6 bytes) per second. Body: bytes of one request body, HTTP headers not " +
                "counted. Encode: the client's encoding per request; Decode: the server's own decoding per " +
                "request (text decoding included for codecs that read text), sent back in a header. Codec: " +
                "(Encode + Decode) / Mean, the share of a request spent in the codec; the rest is HTTP " +
                "(connection, headers, copying the body, scheduling) and the checks. Opened: connections the " +
                "server accepted in the mode, warm-up included.",
        )
        appendLine()
    }

    private fun StringBuilder.requestTable(rows: List<E2eRow>) {
        val table = MarkdownTable(
            listOf(
                left("Codec"), left("Mode"), right("Mean ± Error"), right("StdDev"), right("Median"), right("P99"),
                right("Max"), right("Total"), right("Requests/s"), right("MB/s"), right("Body"), right("Encode"),
                right("Decode"), right("Codec"), right("Opened"),
            ),
        )
        // Stable: within a mode, codecs keep the order of the run.
        for (row in rows.sortedWith(compareBy({ it.threads }, { it.pooled }))) {
            table.row(
                "`${row.codec}`",
                mode(row.threads, row.pooled),
                Units.duration(row.meanNanos) + (row.errorNanos?.let { " ± ${Units.duration(it)}" } ?: ""),
                Units.duration(row.stdDevNanos),
                Units.duration(row.medianNanos),
                Units.duration(row.p99Nanos),
                Units.duration(row.maxNanos.toDouble()),
                Units.duration(row.totalWallNanos.toDouble()),
                Units.rate(row.requestsPerSecond),
                Units.rate(row.megabytesPerSecond),
                "${Units.count(row.requestBytes)} B",
                Units.duration(row.clientEncodeMeanNanos),
                Units.duration(row.serverDecodeMeanNanos),
                String.format(Locale.ROOT, "%.1f%%", row.codecShare * 100),
                Units.count(row.connectionsOpened),
            )
        }
        table.appendTo(this)
    }

    private fun StringBuilder.notSupported(results: E2eResults) {
        if (results.unsupported.isEmpty()) return
        appendLine("## Not supported")
        appendLine()
        val table = MarkdownTable(listOf(left("Codec"), left("Shape"), left("Why")))
        for (cell in results.unsupported) {
            table.row(
                "`${cell.codec}`",
                "`${cell.shape}`",
                "not supported: ${cell.reason}",
            )
        }
        table.appendTo(this)
    }
}
