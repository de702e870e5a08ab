package serialbench.measure

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder

@Order(TestOrder.UNIT)
class ReferenceWorkloadTest {
    private val pauses = mutableListOf<Long>()

    /**
     * A workload on two cores whose JVM threads' CPU time reads [busy] in turn, and its own thread's [own] in turn
     * (each the last one from then on).
     */
    private fun workload(busy: List<Long?>, own: List<Long?> = listOf(0L)): ReferenceWorkload {
        var busyRead = 0
        var ownRead = 0
        return ReferenceWorkload(
            jvmThreadsNanos = { busy[minOf(busyRead++, busy.size - 1)] },
            ownNanos = { own[minOf(ownRead++, own.size - 1)] },
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
        val stability = workload.stability(1_000.0, 1_101.0)
        assertThat(stability.workload).isEqualTo(ReferenceWorkload.Kernel.HASH.description)
        assertThat(stability.endOverStart).isEqualTo(1.101)
        assertThat(stability.moved).isTrue()
        assertThat(workload.stability(1_000.0, 901.0).moved).isFalse()
    }

    @Test
    fun `the table walk does the same work every time, other work than the hash, and its median is a time`() {
        val walk = ReferenceWorkload(ReferenceWorkload.Kernel.TABLE_WALK)
        val result = walk.hash()
        assertThat(ReferenceWorkload(ReferenceWorkload.Kernel.TABLE_WALK).hash()).isEqualTo(result)
        assertThat(result).isNotEqualTo(ReferenceWorkload().hash())
        assertThat(walk.medianNanos()).isPositive()
        assertThat(walk.stability(1_000.0, 1_000.0).workload).isEqualTo(ReferenceWorkload.Kernel.TABLE_WALK.description)
            .isNotEqualTo(ReferenceWorkload.Kernel.HASH.description)
    }

    @Test
    fun `the reference workload warms up before its first reading only`() {
        val workload = workload(busy = listOf(0L))
        workload.medianNanos()
        assertThat(workload.runs).isEqualTo(ReferenceWorkload.WARM_UP + ReferenceWorkload.REPETITIONS)
        workload.medianNanos()
        assertThat(workload.runs).isEqualTo(ReferenceWorkload.WARM_UP + 2 * ReferenceWorkload.REPETITIONS)
        assertThat(workload.busyReadings).isZero()
        assertThat(pauses).isEmpty()
    }

    @Test
    fun `a reading during which the JVM's own threads took the workload's core is made again, and counted`() {
        // the JVM's threads busy for an hour during the first reading, the workload's thread not running at all
        val workload = workload(busy = listOf(0L, HOUR_NANOS), own = listOf(0L))
        workload.medianNanos()
        assertThat(workload.runs).isEqualTo(ReferenceWorkload.WARM_UP + 2 * ReferenceWorkload.REPETITIONS)
        assertThat(workload.busyReadings).isEqualTo(1)
        assertThat(pauses).containsExactly(ReferenceWorkload.BUSY_PAUSE_MILLIS)
    }

    @Test
    fun `the JVM's own threads that left the workload its core leave the reading as it is`() {
        // busy beyond the other core, but the workload's thread ran throughout
        val workload = workload(busy = listOf(0L, HOUR_NANOS), own = listOf(0L, HOUR_NANOS))
        workload.medianNanos()
        assertThat(workload.runs).isEqualTo(ReferenceWorkload.WARM_UP + ReferenceWorkload.REPETITIONS)
        assertThat(workload.busyReadings).isZero()
    }

    @Test
    fun `a workload kept from its core while the JVM's own threads were quiet is the machine's, read once`() {
        val workload = workload(busy = listOf(0L), own = listOf(0L))
        workload.medianNanos()
        assertThat(workload.runs).isEqualTo(ReferenceWorkload.WARM_UP + ReferenceWorkload.REPETITIONS)
        assertThat(workload.busyReadings).isZero()
        assertThat(pauses).isEmpty()
    }

    @Test
    fun `while the JVM's own threads keep the workload from its core it is read a bounded number of times`() {
        val workload = workload(busy = List(2 * ReferenceWorkload.MAX_READINGS) { it * HOUR_NANOS })
        assertThat(workload.medianNanos()).isPositive()
        val readings = ReferenceWorkload.MAX_READINGS
        assertThat(workload.runs).isEqualTo(ReferenceWorkload.WARM_UP + readings * ReferenceWorkload.REPETITIONS)
        assertThat(workload.busyReadings).isEqualTo(readings - 1)
        assertThat(pauses).hasSize(readings - 1)
    }

    @Test
    fun `where the JVM does not tell its threads' time, one reading is made`() {
        val workload = workload(busy = listOf(null), own = listOf(null))
        workload.medianNanos()
        assertThat(workload.runs).isEqualTo(ReferenceWorkload.WARM_UP + ReferenceWorkload.REPETITIONS)
        assertThat(workload.busyReadings).isZero()
    }

    private companion object {
        const val HOUR_NANOS = 3_600_000_000_000L
    }
}
