package serialbench.measure

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder

@Order(TestOrder.UNIT)
class ReferenceWorkloadTest {
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
        val workload = ReferenceWorkload()
        workload.medianNanos()
        assertThat(workload.runs).isEqualTo(ReferenceWorkload.WARM_UP + ReferenceWorkload.REPETITIONS)
        workload.medianNanos()
        assertThat(workload.runs).isEqualTo(ReferenceWorkload.WARM_UP + 2 * ReferenceWorkload.REPETITIONS)
    }
}
