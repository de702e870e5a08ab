package serialbench.measure

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.TestOrder
import serialbench.results.IoPath
import serialbench.results.Operation

@Order(TestOrder.UNIT)
@Timeout(60)
class StreamingBenchmarkTest {
    private val cell = Cell("jackson", "Jackson", "JSON", "flat", 10)

    /** Marks half-way through its work: a decode whose first element comes before its last. */
    private class HalfWaySubject(private val work: Int = 2_000) : MarkedSubject {
        override val payloadBytes: Int get() = 100

        override fun payloadContent(): ByteArray = ByteArray(100)

        override fun run(mark: Mark): Any? {
            var sink = 0L
            for (i in 0 until work) {
                if (i == work / 2) mark.mark()
                sink += i.toString().hashCode()
            }
            return sink
        }
    }

    @Test
    fun `each timed call records its mark beside its duration, from the same call`() {
        val samples = Sampler(repetitions = 20, warmup = 2, warmupMillis = 0).seriesMarked {
            HalfWaySubject().run(it)
        }.samples
        val marks = requireNotNull(samples.markNanos)
        assertThat(marks).hasSize(20)
        for (i in marks.indices) assertThat(marks[i]).isBetween(0, samples.durationsNanos[i])
    }

    @Test
    fun `only the first mark of a call counts`() {
        val mark = Mark()
        mark.mark()
        val first = mark.nanos
        Thread.sleep(2)
        mark.mark()
        assertThat(mark.nanos).isEqualTo(first)
        mark.reset()
        mark.mark()
        assertThat(mark.nanos).isGreaterThan(first)
    }

    @Test
    fun `a call that does not mark fails, naming the call`() {
        assertThatThrownBy { Sampler(repetitions = 3, warmup = 0, warmupMillis = 0).seriesMarked { 42 } }
            .isInstanceOf(IllegalStateException::class.java)
            .hasMessage("the operation did not mark its moment in timed call 1")
    }

    @Test
    fun `a streaming row carries the decoder, the stream path and the time to the first element beside the total`() {
        val measurement = StreamingBenchmark(
            repetitions = 10,
            warmup = 1,
            warmupMillis = 0,
        ).run(cell, "token-loop", HalfWaySubject(), adapted = false)
        val row = measurement.row
        assertThat(listOf(row.codec, row.decoder, row.io, row.operation, row.size, row.repetitions))
            .containsExactly("jackson", "token-loop", IoPath.STREAM, Operation.DESERIALIZE, 10, 10)
        assertThat(row.firstElementNanos).isEqualTo(measurement.samples.markNanos!!.average())
        assertThat(row.firstElementNanos!!).isLessThanOrEqualTo(row.meanNanos)
        assertThat(row.firstElementMedianNanos).isNotNull()
        assertThat(row.firstElementErrorNanos).isNotNull()
        assertThat(listOf(row.payloadBytes, row.gzipBytes)).containsExactly(100, GzipSizes.gzipSize(ByteArray(100)))
    }

    @Test
    fun `a failing decode is reported with its cell and decoder, and the cause kept`() {
        val failing = object : MarkedSubject {
            override val payloadBytes = 1
            override fun payloadContent() = ByteArray(1)
            override fun run(mark: Mark): Any? = throw IllegalArgumentException("broken")
        }
        assertThatThrownBy {
            StreamingBenchmark(
                repetitions = 2,
                warmup = 1,
                warmupMillis = 0,
            ).run(cell, "reader", failing, adapted = false)
        }
            .isInstanceOf(IllegalStateException::class.java)
            .hasMessage("codec jackson, shape flat, N = 10, decoder reader: failed to decode from a stream: broken")
            .hasCauseInstanceOf(IllegalArgumentException::class.java)
    }
}
