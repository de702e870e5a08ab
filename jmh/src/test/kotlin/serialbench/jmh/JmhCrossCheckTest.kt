package serialbench.jmh

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Tag
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.TestOrder
import serialbench.report.ReportFiles
import serialbench.results.Operation
import serialbench.run.BenchConfig
import java.util.concurrent.TimeUnit

/**
 * Drives the JMH cross-check ([JmhCrossCheck]) with the `-Dbench.jmh.*` configuration, then checks what it gave:
 * a score for every codec, size and operation asked for, the harness's row for each, and the files. Run it as a
 * build of its own (`-Dgroups=jmh`): docs/jmh.md says why.
 */
@Tag("jmh")
@Order(TestOrder.JMH)
@Timeout(value = 2, unit = TimeUnit.HOURS)
class JmhCrossCheckTest {
    private val jmh = JmhConfig.fromSystemProperties()
    private val files = ReportFiles.inBuildDirectory()

    @Test
    fun `JMH and the harness measure the same codec operations`() {
        val bench = BenchConfig.fromSystemProperties(listOf(JmhOptions))
        val outcome = JmhCrossCheck(jmh, bench, files) { println("[jmh] $it") }.run()

        val cells = jmh.codecs.flatMap { codec ->
            jmh.sizes.flatMap { size -> Operation.entries.map { Triple(codec, it, size) } }
        }
        assertThat(
            outcome.jmh.scores.map {
                Triple(it.codec, it.operation, it.size)
            },
        ).containsExactlyInAnyOrderElementsOf(cells)
        assertThat(outcome.jmh.scores).allSatisfy { assertThat(it.scoreNanos).isPositive() }
        assertThat(
            outcome.harness.results.map {
                Triple(it.codec, it.operation, it.size)
            },
        ).containsExactlyInAnyOrderElementsOf(cells)
        assertThat(files.readJmh()).isEqualTo(outcome.jmh)
        assertThat(files.jmhMarkdown.readText()).startsWith("## Harness vs JMH")
        println("[jmh] ${files.jmhMarkdown.readText()}")
    }
}
