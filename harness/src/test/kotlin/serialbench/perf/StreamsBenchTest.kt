package serialbench.perf

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Tag
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import org.junit.jupiter.api.condition.EnabledIfSystemProperty
import serialbench.TestOrder
import serialbench.report.ReportFiles
import serialbench.run.BenchProperties
import serialbench.run.StreamsBench
import java.util.concurrent.TimeUnit

/**
 * ParallelJson on files against kotlinx's stream functions ([StreamsBench]). Run alone, on a quiet machine:
 * `./mvnw -B test -Dgroups=perf -Dtest=StreamsBenchTest -Dbench.streams=true` (sizes with
 * `-Dbench.streams.sizes=10000,100000`, repetitions with `-Dbench.streams.repetitions=20`). Prints a table and
 * writes `target/streams-report.md`.
 */
@Tag("perf")
@Order(TestOrder.PERF)
@Timeout(value = 1, unit = TimeUnit.HOURS)
@EnabledIfSystemProperty(named = "bench.streams", matches = "true")
class StreamsBenchTest {
    @Test
    fun `stream decoding and encoding, ParallelJson against Json`() {
        val report = StreamsBench.from(BenchProperties.ofThisJvmChecked(), ReportFiles.buildDirectory()).run()
        println(report)
        assertThat(
            report,
        ).contains("| decode from file |", "| encode to buffered file |", "first element (ParallelJson)")
    }
}
