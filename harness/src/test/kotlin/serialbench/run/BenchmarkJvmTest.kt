package serialbench.run

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder

/** Which flags and heap the measuring JVM has: the forks', given by `bench.jvmArgs`, or this JVM's own. */
@Order(TestOrder.UNIT)
class BenchmarkJvmTest {
    private val parent = listOf("-Xmx2g", "-XX:+UseG1GC")
    private val benchmark = "-Xms8g -Xmx8g  -Xmn5g -XX:+UseG1GC -XX:+AlwaysPreTouch"

    @Test
    fun `forks start with bench_jvmArgs, not with the small parent's flags`() {
        assertThat(
            BenchmarkJvm.forkFlags(benchmark, parent),
        ).containsExactly("-Xms8g", "-Xmx8g", "-Xmn5g", "-XX:+UseG1GC", "-XX:+AlwaysPreTouch")
        assertThat(BenchmarkJvm.forkFlags(null, parent)).isEqualTo(parent)
        assertThat(BenchmarkJvm.forkFlags(" ", parent)).isEqualTo(parent)
    }

    @Test
    fun `the heap checked is the forks' when there are forks, this JVM's without`() {
        val flags = BenchmarkJvm.forkFlags(benchmark, parent)
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
        HeapCheck.refuseWhatCannotFit(
            config,
            BenchmarkJvm.maxHeapBytes(
                1,
                BenchmarkJvm.forkFlags(benchmark, parent),
                own =
                64L shl 20,
            ),
        )
        assertThatThrownBy {
            HeapCheck.refuseWhatCannotFit(config, 64L shl 20)
        }.isInstanceOf(IllegalArgumentException::class.java)
    }
}
