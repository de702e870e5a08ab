package serialbench.run

import serialbench.codecs.StreamingDecoders
import serialbench.documentset.DocumentMode
import serialbench.model.ModelShapes
import serialbench.results.BenchmarkResults
import serialbench.results.IoPath
import serialbench.results.Operation
import serialbench.results.ResultRow

/**
 * What a finished run must hold, checked before anyone reads it (the program's `run` and the perf test alike):
 * every codec measured on every shape, size and operation it supports, or named as not supported with a reason;
 * each row with the run's repetitions and forks, a positive mean and payload, and a ratio where its baseline ran;
 * the robustness cases of every supported built-in shape; every I/O path and decoder from a stream of every measured
 * cell, or not supported; with `bench.ceiling`, a round of every engine's measured cell; with `bench.documentSet`,
 * both operations of every `Json` codec on every document of the set in both modes; the machine's stability at
 * both ends. A gap is a bug of the run, never a result.
 */
internal object RunCompleteness {
    /** What [results] lack or hold wrongly for [config], one line each; empty when the run is complete. */
    fun problems(config: BenchConfig, results: BenchmarkResults): List<String> {
        val method = results.method ?: return listOf("the results have no method")
        val problems = mutableListOf<String>()
        val expectedShapes = config.shapes + listOfNotNull(treeModeFile(config))
        val shapes = method.shapes.map { it.id }
        if (shapes != expectedShapes) problems += "shapes $shapes; expected $expectedShapes"
        val unsupported = unsupportedCells(results)
        val expectedCells = method.shapes.flatMap { shape ->
            config.codecs.filter { listOf(it, shape.id) !in unsupported }.flatMap { codec ->
                shape.sizes.flatMap { size -> Operation.entries.map { listOf(codec, shape.id, size, it) } }
            }
        }
        val cells = results.results.map { listOf(it.codec, it.shape, it.size, it.operation) }
        problems += sameCells("rows", expectedCells, cells)
        val repetitions = Forks.repetitionsPerRow(config)
        for (row in results.results) {
            val name = "row ${row.codec} ${row.operation.verb} ${row.shape} N = ${row.size}"
            problems += timed(name, row, repetitions)
            if (row.payloadBytes <= 0) problems += "$name: payloadBytes ${row.payloadBytes}; expected positive"
            if (row.forks != config.forks) problems += "$name: ${row.forks} forks; expected ${config.forks}"
            val baselineRan = results.results.any {
                it.codec == config.baseline && it.shape == row.shape && it.size == row.size
            }
            val ratio = row.ratio
            if (baselineRan && (row.baseline != config.baseline || ratio == null || !ratio.isFinite() || ratio <= 0)) {
                problems += "$name: baseline ${row.baseline} and ratio $ratio; expected ${config.baseline} and a ratio"
            }
        }
        results.unsupported.filter { it.reason.isBlank() }
            .forEach { problems += "not supported without a reason: ${it.codec} on ${it.shape}" }
        if (method.forks != config.forks) problems += "method.forks ${method.forks}; expected ${config.forks}"
        problems += robustness(config, results, expectedCells)
        problems += streaming(config, results)
        problems += ioPaths(config, results, expectedCells, repetitions)
        problems += ceiling(config, results, expectedCells, repetitions)
        problems += documentSet(config, results, repetitions)
        val stability = results.stability
        if (stability == null || stability.startNanos <= 0 || stability.endNanos <= 0) {
            problems += "the machine's stability is missing or not measured at both ends: $stability"
        }
        return problems
    }

    /** The codecs and shapes named as not supported at all (not one decoder or I/O path of them). */
    private fun unsupportedCells(results: BenchmarkResults): Set<List<String>> =
        results.unsupported.filter { it.decoder == null && it.io == null }.map { listOf(it.codec, it.shape) }.toSet()

    /** The shape of `bench.input` in tree mode (`file:<name>`), which it is unless `bench.model` names its type. */
    private fun treeModeFile(config: BenchConfig): String? =
        config.input?.takeIf { config.model == null }?.let { "file:${it.name}" }

    /** The damaged payloads are those of the built-in shapes: a `bench.input` file or type is not damaged. */
    private fun robustness(
        config: BenchConfig,
        results: BenchmarkResults,
        expectedCells: List<List<Any>>,
    ): List<String> {
        if (config.robustnessCases == 0) return emptyList()
        val generated = config.shapes.filterNot { it.startsWith(ModelShapes.PREFIX) }
        val supported = expectedCells.filter { it[1] in generated }.map { listOf(it[0], it[1]) }.distinct()
        val robust = results.robustness?.rows.orEmpty().map { listOf<Any>(it.codec, it.shape) }.distinct()
        return sameCells("robustness cases", supported, robust)
    }

    /** Every decoder of every codec carrying a shape, at every size; the bounded-memory rows of the first shape. */
    private fun streaming(config: BenchConfig, results: BenchmarkResults): List<String> {
        if (!config.streaming) {
            val rows = results.streaming.size + results.streamingMemory.size
            return if (rows == 0) emptyList() else listOf("$rows streaming rows without bench.streaming")
        }
        val unsupportedDecoders = results.unsupported.filter { it.decoder != null }
            .map { Triple(it.codec, it.decoder, it.shape) }
        val expected = config.shapeList.flatMap { shape ->
            val carrying = config.codecs.filter { codec ->
                listOf(codec, shape.id) !in unsupportedCells(results)
            }
            StreamingDecoders.of(carrying).filter { Triple(it.codec, it.id, shape.id) !in unsupportedDecoders }
                .flatMap { entry -> config.sizesOf(shape).map { size -> listOf<Any>(entry.label, shape.id, size) } }
        }
        val problems = sameCells(
            "streaming rows",
            expected,
            results.streaming.map { listOf("${it.codec}/${it.decoder}", it.shape, it.size) },
        ).toMutableList()
        val repetitions = Forks.repetitionsPerRow(config)
        for (row in results.streaming) {
            val name = "streaming row ${row.codec}/${row.decoder} ${row.shape} N = ${row.size}"
            if (row.io != IoPath.STREAM) problems += "$name: io ${row.io}; expected ${IoPath.STREAM}"
            if (row.repetitions != repetitions) {
                problems += "$name: ${row.repetitions} repetitions; expected $repetitions"
            }
            val first = row.firstElementNanos
            // each repetition's first element comes no later than its last, so their means keep that order
            if (first == null || !(first > 0) || first > row.meanNanos) {
                problems += "$name: firstElementNanos $first; expected positive, at most meanNanos ${row.meanNanos}"
            }
        }
        if (config.streamingMemorySize == 0) return problems
        // a bench.input file alone (tree mode) has no generated shape to decode in bounded memory
        val memoryShape = config.shapeList.firstOrNull() ?: return problems
        val decoders = expected.filter { it[1] == memoryShape.id }.map { it[0] }.distinct()
        val measured = results.streamingMemory.map { "${it.codec}/${it.decoder}" }
        problems += sameCells("bounded-memory rows", decoders, measured)
        for (row in results.streamingMemory) {
            val name = "bounded-memory row ${row.codec}/${row.decoder}"
            val peak = row.peakHeapAfterGcBytes
            when {
                row.notMeasured != null -> if (row.notMeasured.isBlank()) problems += "$name: not measured, no reason"

                row.elements != config.streamingMemorySize ->
                    problems += "$name: ${row.elements} elements; expected ${config.streamingMemorySize}"

                peak == null || peak > row.maxHeapBytes ->
                    problems += "$name: peak heap $peak; expected at most ${row.maxHeapBytes}"
            }
        }
        return problems
    }

    /** `bench.io`: every path of every measured cell, measured or not supported with a reason, never missing. */
    private fun ioPaths(
        config: BenchConfig,
        results: BenchmarkResults,
        expectedCells: List<List<Any>>,
        repetitions: Int,
    ): List<String> {
        val unsupported = results.unsupported.filter { it.io != null }
            .map { "${it.codec} ${it.shape} ${it.io}" }.toSet()
        val expected: List<Any> = expectedCells.flatMap { (codec, shape, size, operation) ->
            config.io.filter { "$codec $shape $it" !in unsupported }.map { "$codec $shape $size $operation $it" }
        }
        val actual = results.ioPaths.map { "${it.codec} ${it.shape} ${it.size} ${it.operation} ${it.io}" }
        val problems = sameCells("I/O path rows", expected, actual).toMutableList()
        for (row in results.ioPaths) {
            problems +=
                timed(
                    "I/O path row ${row.codec} ${row.operation.verb} ${row.shape} ${row.io} N = ${row.size}",
                    row,
                    repetitions,
                )
        }
        return problems
    }

    /**
     * `bench.ceiling`: each measured cell of a parallel codec's engine once alone (`concurrentCalls` 1) and once in
     * rounds of one call per thread.
     */
    private fun ceiling(
        config: BenchConfig,
        results: BenchmarkResults,
        expectedCells: List<List<Any>>,
        repetitions: Int,
    ): List<String> {
        val treeMode = treeModeFile(config)
        val expected = if (!CeilingProbe.measures(config)) {
            emptyList()
        } else {
            expectedCells.filter { (codec, shape) -> codec in CeilingProbe.ENGINES && shape != treeMode }
                .flatMap { cell -> listOf(1, config.threads).map { calls -> cell + calls } }
        }
        val actual = results.ceiling.map { listOf(it.codec, it.shape, it.size, it.operation, it.concurrentCalls) }
        val problems = sameCells("ceiling rows (codec, shape, size, operation, calls at once)", expected, actual)
            .toMutableList()
        for (row in results.ceiling) {
            problems +=
                timed("ceiling row ${row.codec} ${row.operation.verb} ${row.shape} N = ${row.size}", row, repetitions)
        }
        return problems
    }

    /**
     * `bench.documentSet`: both operations of each codec of the run that the set times, per document and mode, or the
     * cell not supported.
     */
    private fun documentSet(config: BenchConfig, results: BenchmarkResults, repetitions: Int): List<String> {
        val codecs = config.codecs.filter { it in DocumentSetProbe.CODECS }
        val unsupported = unsupportedCells(results)
        val expected = config.documentSet.flatMap { document ->
            DocumentMode.entries.flatMap { mode ->
                val shape = "${document.id}/${mode.id}"
                codecs.filter { listOf(it, shape) !in unsupported }
                    .flatMap { codec -> Operation.entries.map { listOf(codec, shape, it) } }
            }
        }
        val actual = results.documentSet.map { listOf(it.codec, it.shape, it.operation) }
        val problems = sameCells("document set rows (codec, document/mode, operation)", expected, actual)
            .toMutableList()
        for (row in results.documentSet) {
            problems += timed("document set row ${row.codec} ${row.operation.verb} ${row.shape}", row, repetitions)
        }
        return problems
    }

    /** A timed row's own problems: other repetitions than the run's, a mean that is not positive. */
    private fun timed(name: String, row: ResultRow, repetitions: Int): List<String> = listOfNotNull(
        "$name: ${row.repetitions} repetitions; expected $repetitions".takeIf { row.repetitions != repetitions },
        "$name: meanNanos ${row.meanNanos}; expected positive".takeIf { !(row.meanNanos > 0) },
    )

    /** [actual] holds what [expected] holds, as many times; else what is missing and what is not expected. */
    private fun sameCells(what: String, expected: List<Any>, actual: List<Any>): List<String> {
        val missing = expected.toMutableList().apply { actual.forEach { remove(it) } }
        val extra = actual.toMutableList().apply { expected.forEach { remove(it) } }
        return listOfNotNull(
            missing.takeIf { it.isNotEmpty() }?.let { "$what missing: ${it.take(SHOWN)}${more(it)}" },
            extra.takeIf { it.isNotEmpty() }?.let { "$what not expected: ${it.take(SHOWN)}${more(it)}" },
        )
    }

    private fun more(cells: List<Any>) = if (cells.size > SHOWN) " and ${cells.size - SHOWN} more" else ""

    private const val SHOWN = 5
}
