package serialbench.run

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.CsvSource
import serialbench.TestOrder
import serialbench.measure.PhaseClock
import serialbench.results.Operation
import serialbench.results.RunPhase
import java.util.concurrent.TimeUnit

/**
 * Forks are child JVMs given the run's options and their share of its repetitions: their rows, samples and cold
 * start come back and are pooled.
 */
@Order(TestOrder.UNIT)
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class ForksTest {
    private val config = BenchConfig.from(
        mapOf(
            "bench.codecs" to "kotlinx-json",
            "bench.sizes" to "10",
            "bench.repetitions" to "4",
            "bench.warmup" to "1",
            "bench.warmupMillis" to "10",
            "bench.forks" to "2",
            "bench.threads" to "1",
        )::get,
    )

    @Test
    fun `two forks of a codec share its repetitions in JVMs of their own, the first measuring its cold start`() {
        val lines = mutableListOf<String>()
        val clock = PhaseClock(RunPhase.OTHER)
        val part = Forks(config, listOf("-Xmx256m"), { synchronized(lines) { lines += it } }, clock, emptyMap()) {
            "flat" to 10
        }.run()

        // The first fork measures the cold start first; a later one measures none: one row per codec.
        assertThat(part.coldStart.map { "${it.codec} ${it.shape} ${it.size}" }).containsExactly("kotlinx-json flat 10")
        assertThat(part.measurements(ResultsSection.RESULTS).map { it.row.operation })
            .containsExactlyInAnyOrder(Operation.SERIALIZE, Operation.DESERIALIZE)
        assertThat(part.measurements(ResultsSection.RESULTS)).allSatisfy { measurement ->
            assertThat(measurement.row.forks).isEqualTo(2)
            assertThat(measurement.row.forkMeansNanos).hasSize(2)
            // bench.repetitions=4 shared by 2 forks: 2 in each
            assertThat(measurement.row.durationsNanos.map { it.size }).containsExactly(2, 2)
            // measured by the first fork only, the same payload's in the second
            assertThat(measurement.row.gzipBytes).isPositive()
        }
        // the run's own payload, with the size its rows show, for a later run
        assertThat(
            part.gzipSizes.values,
        ).containsExactly(part.measurements(ResultsSection.RESULTS).first().row.gzipBytes)
        assertThat(
            lines,
        ).contains("fork 1 of codec kotlinx-json (round 1 of 2, codec 1 of 1): starting | elapsed 0:00 | ETA ?")
        assertThat(lines).anySatisfy {
            assertThat(it).matches("fork 2 of codec .*: starting \\| elapsed \\d+:\\d\\d \\| ETA \\d+:\\d\\d")
        }
        assertThat(lines).anySatisfy { assertThat(it).startsWith("[kotlinx-json] ") }
        // Each fork's time is split by what the fork saw; what it did not (its JVM) stays with JVM starts.
        assertThat(clock.snapshot().keys).contains(
            RunPhase.JVM_STARTS,
            RunPhase.COLD_STARTS,
            RunPhase.CODEC_WARM_UP,
            RunPhase.SERIES_WARM_UP,
            RunPhase.FULL_GCS,
            RunPhase.TIMED_CALLS,
            RunPhase.SETUP,
            RunPhase.MACHINE_READINGS,
        )
        // Each fork's record of the machine: the reference workload around its series, its timed calls' time.
        assertThat(
            part.forkMachines.map {
                "${it.codec} ${it.fork}"
            },
        ).containsExactly("kotlinx-json 1", "kotlinx-json 2")
        assertThat(part.forkMachines).allSatisfy { fork ->
            assertThat(fork.referenceStartNanos).isPositive()
            assertThat(fork.referenceEndNanos).isPositive()
            // one size: timed before its series and after, nothing between sizes
            assertThat(fork.referenceBetweenNanos).isEmpty()
            // each repetition's time (a mean where it made several calls of 10 objects) times its calls
            assertThat(fork.timedNanos).isEqualTo(
                part.measurements(ResultsSection.RESULTS).sumOf {
                    it.row.durationsNanos[fork.fork - 1].sum() * it.row.callsPerRepetition[fork.fork - 1]
                },
            )
            assertThat(fork.gcMillis).isNotNegative()
            assertThat(fork.jitMillis).isNotNull().isNotNegative()
            // G1 counts its young collections: the fork says how many of its two series it placed in their cycle (one
            // whose short warm-up allocated within the memory eden had handed its thread already shows no allocation)
            assertThat(fork.seriesInYoungCycle).isNotNull().isBetween(0, 2)
        }
    }

    @Test
    fun `the forks of several codecs run in rounds, each codec's forks pooled in its own row`() {
        val twoCodecs = BenchConfig.from(
            mapOf(
                "bench.codecs" to "kotlinx-json,jackson",
                "bench.sizes" to "10",
                "bench.repetitions" to "2",
                "bench.warmup" to "1",
                "bench.warmupMillis" to "10",
                "bench.forks" to "2",
                "bench.threads" to "1",
            )::get,
        )
        val lines = mutableListOf<String>()
        val part = Forks(twoCodecs, listOf("-Xmx256m"), {
            synchronized(lines) { lines += it }
        }, PhaseClock(RunPhase.OTHER), emptyMap()) {
            "flat" to 10
        }.run()
        assertThat(lines.filter { it.startsWith("fork ") }.map { it.substringBefore(" (") }).containsExactly(
            "fork 1 of codec kotlinx-json",
            "fork 1 of codec jackson",
            "fork 2 of codec kotlinx-json",
            "fork 2 of codec jackson",
        )
        assertThat(part.forkMachines.map { "${it.codec} ${it.fork}" })
            .containsExactly("kotlinx-json 1", "jackson 1", "kotlinx-json 2", "jackson 2")
        assertThat(part.measurements(ResultsSection.RESULTS).map { "${it.row.codec} ${it.row.forks}" })
            .containsExactlyInAnyOrder("kotlinx-json 2", "kotlinx-json 2", "jackson 2", "jackson 2")
        assertThat(part.coldStart.map { it.codec }).containsExactly("kotlinx-json", "jackson")
    }

    @Test
    fun `a fork is started with the run's options for its codec alone, less what times nothing of that codec`() {
        val run = BenchConfig.from(
            config.asProperties() + mapOf(
                "bench.codecs" to "kotlinx-json,jackson",
                "bench.documentSet" to "card-1kb",
                "bench.ceiling" to "true",
            ),
        )
        val engine = BenchConfig.from(Forks.optionsOf(run, "kotlinx-json"))
        assertThat(engine.codecs).containsExactly("kotlinx-json")
        assertThat(engine.forks).isZero()
        assertThat(engine.repetitions).isEqualTo(2)
        assertThat(engine.documentSet.map { it.id }).containsExactly("card-1kb")
        assertThat(engine.ceiling).isTrue()
        val other = BenchConfig.from(Forks.optionsOf(run, "jackson"))
        assertThat(other.codecs).containsExactly("jackson")
        assertThat(other.documentSet).isEmpty()
        assertThat(other.ceiling).isFalse()
    }

    @ParameterizedTest(name = "{0} repetitions in {1} forks: {2} each")
    @CsvSource("100, 5, 20", "30, 5, 6", "7, 5, 2", "5, 5, 1", "1, 5, 1", "4, 2, 2", "100, 1, 100")
    fun `forks share the repetitions, each running its part rounded up`(repetitions: Int, forks: Int, each: Int) {
        assertThat(Forks.repetitionsPerFork(repetitions, forks)).isEqualTo(each)
        assertThat(each * forks).isGreaterThanOrEqualTo(repetitions).isLessThan(repetitions + forks)
    }
}
