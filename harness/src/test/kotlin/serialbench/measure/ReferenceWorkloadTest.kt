package serialbench.measure

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder

@Order(TestOrder.UNIT)
class ReferenceWorkloadTest {
    private val pauses = mutableListOf<Long>()

    /** A workload whose JVM threads' CPU time reads [reads] in turn (the last one from then on). */
    private fun workload(vararg reads: Long?): ReferenceWorkload {
        var read = 0
        return ReferenceWorkload(
            jvmThreadsNanos = { reads[minOf(read++, reads.size - 1)] },
            cores = 2,
            pause = { pauses += it },
        )
    }

    @Test
    fun `the reference workload does the same work every time, and its median is a time`() {
        val workload = ReferenceWorkload()
        val hash = workload.hash()
        assertThat(ReferenceWorkload().hash()).isEqualTo(hash)
        assertThat(workload.medianNanos()).isPositive()
        val stability = ReferenceWorkload.stability(1_000.0, 1_101.0)
        assertThat(stability.endOverStart).isEqualTo(1.101)
        assertThat(stability.moved).isTrue()
        assertThat(ReferenceWorkload.stability(1_000.0, 901.0).moved).isFalse()
    }

    @Test
    fun `the reference workload warms up before its first reading only`() {
        val workload = workload(0L)
        workload.medianNanos()
        assertThat(workload.runs).isEqualTo(ReferenceWorkload.WARM_UP + ReferenceWorkload.REPETITIONS)
        workload.medianNanos()
        assertThat(workload.runs).isEqualTo(ReferenceWorkload.WARM_UP + 2 * ReferenceWorkload.REPETITIONS)
        assertThat(workload.busyReadings).isZero()
        assertThat(pauses).isEmpty()
    }

    @Test
    fun `a reading during which the JVM's own threads took more than the other cores is made again, and counted`() {
        // busy for an hour during the first reading, then quiet
        val workload = workload(0L, 3_600_000_000_000L)
        workload.medianNanos()
        assertThat(workload.runs).isEqualTo(ReferenceWorkload.WARM_UP + 2 * ReferenceWorkload.REPETITIONS)
        assertThat(workload.busyReadings).isEqualTo(1)
        assertThat(pauses).containsExactly(ReferenceWorkload.BUSY_PAUSE_MILLIS)
    }

    @Test
    fun `the JVM's own threads on the other core alone leave the reading as it is`() {
        // 30 ms of theirs during a reading of 11 runs (25 ms here, more than 10 ms on any machine): within the other
        // core's time and the margin
        val workload = workload(0L, 30_000_000L)
        workload.medianNanos()
        assertThat(workload.runs).isEqualTo(ReferenceWorkload.WARM_UP + ReferenceWorkload.REPETITIONS)
        assertThat(workload.busyReadings).isZero()
        assertThat(pauses).isEmpty()
    }

    @Test
    fun `while the JVM's own threads stay busy the workload is read a bounded number of times`() {
        val hourApart = LongArray(2 * ReferenceWorkload.MAX_READINGS) { it * 3_600_000_000_000L }
        val workload = workload(*hourApart.toTypedArray())
        assertThat(workload.medianNanos()).isPositive()
        val readings = ReferenceWorkload.MAX_READINGS
        assertThat(workload.runs).isEqualTo(ReferenceWorkload.WARM_UP + readings * ReferenceWorkload.REPETITIONS)
        assertThat(workload.busyReadings).isEqualTo(readings - 1)
        assertThat(pauses).hasSize(readings - 1)
    }

    @Test
    fun `where the JVM does not tell its own threads' time, one reading is made`() {
        val workload = workload(null)
        workload.medianNanos()
        assertThat(workload.runs).isEqualTo(ReferenceWorkload.WARM_UP + ReferenceWorkload.REPETITIONS)
        assertThat(workload.busyReadings).isZero()
    }
}
