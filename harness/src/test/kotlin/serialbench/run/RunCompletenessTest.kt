package serialbench.run

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import serialbench.report.ReportFixtures
import serialbench.results.BenchmarkResults
import serialbench.results.Operation
import serialbench.results.Stability
import serialbench.results.UnsupportedCell

/** A run's results are complete only if every cell its configuration asks for is there, as the run writes it. */
class RunCompletenessTest {
    private val config = BenchConfig.from(
        mapOf(
            "bench.codecs" to "kotlinx-json,kotlinx-json-parallel",
            "bench.shapes" to "flat",
            "bench.sizes" to "10,1000",
            "bench.repetitions" to "100",
            "bench.forks" to "0",
            "bench.robustness.cases" to "0",
        ),
    )

    /** The fixture's two codecs at 10 and 1,000 objects, both operations, as one JVM measured them. */
    private val complete = ReportFixtures.results.copy(
        method = ReportFixtures.method.copy(forks = 0),
        stability = Stability("a loop", 5, 1_000.0, 1_010.0),
    )

    @Test
    fun `the results of every cell asked for are complete`() {
        assertThat(RunCompleteness.problems(config, complete)).isEmpty()
    }

    @Test
    fun `a missing row, a row with other repetitions and a missing stability are each named`() {
        val rows = complete.results
        val gaps = complete.copy(
            results = rows.dropLast(1).toMutableList().apply { set(0, get(0).copy(repetitions = 99)) },
            stability = null,
        )

        assertThat(RunCompleteness.problems(config, gaps)).containsExactly(
            "rows missing: [[kotlinx-json-parallel, flat, 1000, DESERIALIZE]]",
            "row kotlinx-json serialize flat N = 10: 99 repetitions; expected 100",
            "the machine's stability is missing or not measured at both ends: null",
        )
    }

    @Test
    fun `robustness cases missing for a codec the run measured are named`() {
        val withRobustness = BenchConfig.from(config.asProperties() + ("bench.robustness.cases" to "10"))

        assertThat(RunCompleteness.problems(withRobustness, complete)).containsExactly(
            "robustness cases missing: [[kotlinx-json, flat], [kotlinx-json-parallel, flat]]",
        )
    }

    @Test
    fun `with bench_ceiling, a round missing for an engine's cell, or of the wrong calls at once, is named`() {
        val withCeiling = BenchConfig.from(
            config.asProperties() + mapOf("bench.ceiling" to "true", "bench.threads" to "2"),
        )
        val engine = complete.results.filter { it.codec == "kotlinx-json" }
        val rounds = engine.map { it.copy(concurrentCalls = 1) } + engine.map { it.copy(concurrentCalls = 2) }
        assertThat(RunCompleteness.problems(withCeiling, complete.copy(ceiling = rounds))).isEmpty()
        val aloneSerializing = rounds.first { it.concurrentCalls == 1 && it.operation == Operation.SERIALIZE }
        val roundDeserializing = rounds.first { it.concurrentCalls == 2 && it.operation == Operation.DESERIALIZE }
        val gaps = complete.copy(
            ceiling =
            rounds.map { if (it == roundDeserializing) it.copy(concurrentCalls = 3) else it } - aloneSerializing,
        )
        val what = "ceiling rows (codec, shape, size, operation, calls at once)"
        assertThat(RunCompleteness.problems(withCeiling, gaps)).containsExactly(
            "$what missing: [[kotlinx-json, flat, ${aloneSerializing.size}, SERIALIZE, 1], " +
                "[kotlinx-json, flat, ${roundDeserializing.size}, DESERIALIZE, 2]]",
            "$what not expected: [[kotlinx-json, flat, ${roundDeserializing.size}, DESERIALIZE, 3]]",
        )
        val shown = rounds.take(5).map { listOf(it.codec, it.shape, it.size, it.operation, it.concurrentCalls) }
        assertThat(RunCompleteness.problems(config, complete.copy(ceiling = rounds)))
            .containsExactly("$what not expected: $shown and 3 more")
    }

    @Test
    fun `with bench_documentSet, each codec's cell of each document and mode is there, or not supported`() {
        val withSet = BenchConfig.from(
            config.asProperties() + mapOf(
                "bench.documentSet" to "card-1kb",
                "bench.codecs" to "kotlinx-json,fastjson2",
            ),
        )
        val row = complete.results.first()
        val rows = listOf("kotlinx-json", "fastjson2").flatMap { codec ->
            listOf("card-1kb/class", "card-1kb/tree").flatMap { shape ->
                Operation.entries.map { row.copy(codec = codec, shape = shape, size = 1, operation = it) }
            }
        }
        val setOnly = complete.copy(results = emptyList(), documentSet = rows)
        val problems = { results: BenchmarkResults ->
            RunCompleteness.problems(withSet, results).filter { it.startsWith("document set") }
        }
        assertThat(problems(setOnly)).isEmpty()
        val treeless = rows.filterNot { it.codec == "fastjson2" && it.shape == "card-1kb/tree" }
        assertThat(problems(setOnly.copy(documentSet = treeless))).containsExactly(
            "document set rows (codec, document/mode, operation) missing: " +
                "[[fastjson2, card-1kb/tree, SERIALIZE], [fastjson2, card-1kb/tree, DESERIALIZE]]",
        )
        val notSupported = UnsupportedCell("fastjson2", "fastjson2", "card-1kb/tree", "no tree")
        assertThat(problems(setOnly.copy(documentSet = treeless, unsupported = listOf(notSupported)))).isEmpty()
    }
}
