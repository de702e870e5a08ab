package serialbench.run

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.within
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder
import serialbench.measure.GcMeter
import serialbench.measure.Measurement
import serialbench.measure.Samples
import serialbench.results.IoPath
import serialbench.results.Operation
import serialbench.results.ResultRow
import serialbench.results.UnsupportedCell
import serialbench.statistics.Statistics

@Order(TestOrder.UNIT)
class ForkPoolTest {
    private fun fork(decoder: String?, durations: LongArray, marks: LongArray?, gzipBytes: Int = 0) = Measurement(
        ResultRow(
            codec = "jackson", codecName = "Jackson", operation = Operation.DESERIALIZE, size = 10,
            repetitions = durations.size,
            meanNanos = durations.average(), medianNanos = 0.0, minNanos = 0, maxNanos = 0, stdDevNanos = 0.0,
            payloadBytes = 300, gzipBytes = gzipBytes,
            io = decoder?.let { IoPath.STREAM }, decoder = decoder,
        ),
        Samples(durations, 10, GcMeter.Reading(1, 2), marks),
    )

    @Test
    fun `forks of a streaming decode pool their first-element times, apart from other decoders and the list`() {
        val pooled = ForkPool.pool(
            listOf(
                fork("token-loop", longArrayOf(100, 200), longArrayOf(10, 20)),
                fork("token-loop", longArrayOf(300, 400), longArrayOf(30, 40)),
                fork("mapper", longArrayOf(500, 500), longArrayOf(500, 500)),
                fork(null, longArrayOf(600, 600), null),
            ),
        )
        assertThat(pooled.map { it.row.decoder }).containsExactly("token-loop", "mapper", null)
        val tokenLoop = pooled.first().row
        assertThat(listOf(tokenLoop.repetitions, tokenLoop.forks)).containsExactly(4, 2)
        assertThat(tokenLoop.meanNanos).isEqualTo(250.0)
        assertThat(tokenLoop.firstElementNanos).isEqualTo(25.0)
        assertThat(pooled.first().samples.markNanos).containsExactly(10, 20, 30, 40)
        assertThat(pooled.last().row.firstElementNanos).isNull()
    }

    @Test
    fun `with two forks the error is over the fork means, with one it is over the repetitions`() {
        val two = ForkPool.pool(
            listOf(fork(null, longArrayOf(100, 200), null), fork(null, longArrayOf(300, 400), null)),
        ).single().row
        assertThat(two.forkMeansNanos).containsExactly(150.0, 350.0)
        // fork means 150 and 350: standard deviation 141.42, t(0.9995, 1) = 636.62; 636.62 * 141.42 / sqrt(2)
        assertThat(two.errorNanos).isCloseTo(63_662.0, within(1.0))
        val one = ForkPool.pool(listOf(fork(null, longArrayOf(100, 200, 300, 400), null))).single().row
        assertThat(one.forkMeansNanos).isEmpty()
        assertThat(one.errorNanos).isEqualTo(Statistics.of(longArrayOf(100, 200, 300, 400)).errorNanos)
    }

    @Test
    fun `the split choices of a parallel codec's forks are kept fork by fork, none for a codec that does not split`() {
        fun splitting(split: Long, whole: Long) = fork(null, longArrayOf(100, 200), null).let {
            Measurement(it.row.copy(listsSplit = listOf(split), listsWhole = listOf(whole)), it.samples)
        }
        val pooled = ForkPool.pool(listOf(splitting(2, 0), splitting(0, 2), splitting(1, 1))).single().row
        assertThat(pooled.listsSplit).containsExactly(2L, 0L, 1L)
        assertThat(pooled.listsWhole).containsExactly(0L, 2L, 1L)
        val plain = ForkPool.pool(listOf(fork(null, longArrayOf(1, 2), null), fork(null, longArrayOf(3), null)))
        assertThat(plain.single().row.listsSplit).isEmpty()
    }

    @Test
    fun `the pooled row's payload figures are those of the fork that measured gzip, whichever place it came in`() {
        fun sized(gzipBytes: Int, durations: LongArray) = fork(null, durations, null, gzipBytes)
        val pooled = ForkPool.pool(
            listOf(
                sized(ResultRow.GZIP_LEFT_TO_FIRST_FORK, longArrayOf(100, 200)),
                sized(120, longArrayOf(300, 400)),
                sized(ResultRow.GZIP_LEFT_TO_FIRST_FORK, longArrayOf(500, 600)),
            ),
        ).single().row
        assertThat(listOf(pooled.payloadBytes, pooled.gzipBytes)).containsExactly(300, 120)
        assertThat(pooled.compressionRatio).isEqualTo(2.5)
        assertThat(pooled.repetitions).isEqualTo(6)
    }

    @Test
    fun `each kind of measurement is pooled over the forks on its own, kinds in the order they came`() {
        val io = ProbeKind("io", ResultsSection.IO_PATHS)
        val refused = UnsupportedCell("jackson", "Jackson", "flat", "no such path", io = IoPath.STRING)
        fun forkRows(first: Long) = listOf(
            ProbeRows(ListsProbe.KIND, listOf(fork(null, longArrayOf(first, first), null)), emptyList()),
            ProbeRows(io, listOf(fork("mapper", longArrayOf(first * 2, first * 2), null)), listOf(refused)),
        )
        val pooled = ForkPool.poolKinds(forkRows(100) + forkRows(300))
        assertThat(pooled.map { it.kind }).containsExactly(ListsProbe.KIND, io)
        assertThat(pooled.map { it.measurements.single().row.forkMeansNanos })
            .containsExactly(listOf(100.0, 300.0), listOf(200.0, 600.0))
        assertThat(pooled.map { it.unsupported }).containsExactly(emptyList(), listOf(refused))
    }
}
