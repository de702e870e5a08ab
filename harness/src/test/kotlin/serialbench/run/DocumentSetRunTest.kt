package serialbench.run

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.TestOrder
import serialbench.codec.JsonFormats
import serialbench.codecs.Codecs
import serialbench.measure.CodecBenchmark
import serialbench.report.MarkdownReport
import serialbench.results.Operation
import serialbench.results.RunPhase
import java.util.concurrent.TimeUnit

/** `bench.documentSet` end to end: a short run in this JVM and in forks. Correctness only, no timing. */
@Order(TestOrder.CODECS)
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class DocumentSetRunTest {
    private fun config(forks: Int, documents: String?) = BenchConfig.from(
        listOfNotNull(
            "bench.sizes" to "2",
            "bench.repetitions" to "4",
            "bench.warmup" to "1",
            "bench.warmupMillis" to "1",
            "bench.threads" to "2",
            "bench.codecs" to "kotlinx-json,kotlinx-json-parallel,fastjson2,fastjson2-parallel,jackson",
            "bench.forks" to "$forks",
            "bench.robustness.cases" to "0",
            documents?.let { "bench.documentSet" to it },
        ).toMap(),
    )

    @Test
    fun `each parallel codec and its engine read and write each document as its class and as a tree, in own JVMs`() {
        for (forks in listOf(0, 2)) {
            val config = config(forks, "card-1kb,settings-100kb-indent2")
            val results = BenchmarkRun(config).run()
            assertThat(RunCompleteness.problems(config, results)).isEmpty()
            val cells = results.documentSet.map { Triple(it.codec, it.shape, it.operation) }
            assertThat(cells).describedAs("forks = $forks").containsExactlyInAnyOrderElementsOf(
                listOf("kotlinx-json", "kotlinx-json-parallel", "fastjson2", "fastjson2-parallel").flatMap { codec ->
                    listOf("card-1kb", "settings-100kb-indent2").flatMap { document ->
                        listOf("class", "tree").flatMap { mode ->
                            Operation.entries.map { Triple(codec, "$document/$mode", it) }
                        }
                    }
                },
            )
            assertThat(results.documentSet).allSatisfy { row ->
                assertThat(row.repetitions).isEqualTo(4)
                assertThat(row.size).isEqualTo(1)
                assertThat(row.payloadBytes).isPositive()
                assertThat(row.dataChange).describedAs("${row.codec} on ${row.shape}").isNull()
            }
            assertThat(results.unsupported).isEmpty()
            assertThat(results.phaseNanos[RunPhase.DOCUMENT_SET]).isPositive()
            assertThat(results.method?.documentMaxJitWaitMillis)
                .isEqualTo(CodecBenchmark.DOCUMENT_JIT_WAIT_FACTOR.toLong())
            assertThat(MarkdownReport.render(results)).contains("## The document set", "**Worst ratio of the set: ")
        }
    }

    @Test
    fun `the set's codecs are each parallel codec and its engine, the kotlinx ones formats over Json`() {
        assertThat(DocumentSetProbe.CODECS).containsExactlyInAnyOrder(
            "kotlinx-json",
            "kotlinx-json-parallel",
            "fastjson2",
            "fastjson2-parallel",
        )
        val codecs = Codecs.ids.map { Codecs.create(it) }
        try {
            assertThat(codecs.filter { it is JsonFormats }.map { it.id })
                .containsExactlyInAnyOrder("kotlinx-json", "kotlinx-json-parallel")
        } finally {
            codecs.forEach { it.close() }
        }
    }

    @Test
    fun `without bench_documentSet no document is timed, and an unknown id is refused with the known ones`() {
        val results = BenchmarkRun(config(0, null)).run()
        assertThat(results.documentSet).isEmpty()
        assertThat(MarkdownReport.render(results)).doesNotContain("## The document set")
        val failure = runCatching { config(0, "card-2kb") }.exceptionOrNull()
        assertThat(failure).hasMessageContaining("bench.documentSet='card-2kb'").hasMessageContaining("'card-1kb'")
    }
}
