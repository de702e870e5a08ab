package serialbench.run

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder
import serialbench.jvm.MachineMemory

/** Which flags and heap the measuring JVM has: the forks', given by `bench.jvmArgs` or chosen, or this JVM's own. */
@Order(TestOrder.UNIT)
class BenchmarkJvmTest {
    private val benchmark = "-Xms8g -Xmx8g  -Xmn5g -XX:+UseG1GC -XX:+AlwaysPreTouch"
    private val gib = 1L shl 30
    private val smallNeed = HeapNeed(6L shl 20, "bench.sizes=10 (shape flat)", listOf("bench.sizes"))
    private val bigMachine = MachineMemory(24 * gib, null)

    @Test
    fun `forks start with bench_jvmArgs where given, whatever the machine`() {
        val chosen = BenchmarkJvm.forkFlags(benchmark, { smallNeed }) { MachineMemory(2 * gib, 2 * gib) }
        assertThat(chosen.flags).containsExactly("-Xms8g", "-Xmx8g", "-Xmn5g", "-XX:+UseG1GC", "-XX:+AlwaysPreTouch")
        assertThat(chosen.origin).isEqualTo("given by bench.jvmArgs")
    }

    @Test
    fun `without bench_jvmArgs forks start with the flags chosen for the machine and the payload`() {
        for (absent in listOf(null, " ")) {
            val chosen = BenchmarkJvm.forkFlags(absent, { smallNeed }) { bigMachine }
            val decided = ForkJvmSettings.decide(bigMachine, smallNeed) as ForkJvmSettings.Decision.Flags
            assertThat(chosen.flags).isEqualTo(decided.flags)
            assertThat(chosen.origin).isEqualTo(decided.why)
        }
    }

    @Test
    fun `a run that cannot fit is refused in one line naming bench_jvmArgs`() {
        assertThatThrownBy { BenchmarkJvm.forkFlags(null, { smallNeed }) { MachineMemory(24 * gib, 2 * gib) } }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessageContaining("set bench.jvmArgs")
            .hasMessageNotContaining("\n")
    }

    @Test
    fun `the heap checked is the forks' when there are forks, this JVM's without`() {
        val flags = BenchmarkJvm.forkFlags(benchmark, { smallNeed }).flags
        assertThat(BenchmarkJvm.maxHeapBytes(forks = 1, flags = flags, own = 2L shl 30)).isEqualTo(8L shl 30)
        assertThat(BenchmarkJvm.maxHeapBytes(forks = 0, flags = flags, own = 2L shl 30)).isEqualTo(2L shl 30)
        assertThat(
            BenchmarkJvm.maxHeapBytes(forks = 2, flags = listOf("-XX:+UseG1GC"), own = 3L shl 30),
        ).isEqualTo(3L shl 30)
        assertThat(BenchmarkJvm.parseBytes("512m")).isEqualTo(512L shl 20)
        assertThat(BenchmarkJvm.parseBytes("1048576")).isEqualTo(1048576L)
        assertThatThrownBy { BenchmarkJvm.maxHeapBytes(forks = 1, flags = listOf("-Xmx8 GB"), own = 1) }
            .hasMessage("bench.jvmArgs: '-Xmx8 GB' is not a heap size (allowed: -Xmx<number>[k|m|g|t])")
    }

    @Test
    fun `a shape too large for this JVM but not for its forks is not refused`() {
        val config =
            BenchConfig.from(mapOf("bench.sizes" to "100000", "bench.codecs" to "kotlinx-json", "bench.forks" to "1"))
        val forkFlags = BenchmarkJvm.forkFlags(null, { HeapCheck.largestNeed(config) }) { bigMachine }.flags
        HeapCheck.refuseWhatCannotFit(config, BenchmarkJvm.maxHeapBytes(1, forkFlags, own = 64L shl 20))
        assertThatThrownBy {
            HeapCheck.refuseWhatCannotFit(config, 64L shl 20)
        }.isInstanceOf(IllegalArgumentException::class.java)
    }
}
