package serialbench.run

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder
import serialbench.jvm.MachineMemory
import serialbench.run.ForkJvmSettings.Decision

/** The forks' flags as a pure function of the machine's memory, its address-space limit and the largest payload. */
@Order(TestOrder.UNIT)
class ForkJvmSettingsTest {
    private val gib = 1L shl 30
    private val small = HeapNeed(6L shl 20, "bench.sizes=1000 (shape flat)", listOf("bench.sizes"))
    private val flat100k = HeapNeed(8L * 1024 * 100_000 * 3, "bench.sizes=100000 (shape flat)", listOf("bench.sizes"))

    /** `ulimit -v 6000000` (KiB), as /proc/self/limits gives it. */
    private val sixGb = 6_144_000_000L

    private fun flags(machine: MachineMemory, need: HeapNeed): Decision.Flags {
        val decision = ForkJvmSettings.decide(machine, need)
        assertThat(decision).isInstanceOf(Decision.Flags::class.java)
        return decision as Decision.Flags
    }

    @Test
    fun `a small payload gets the floor heap, fixed, not pre-touched`() {
        val decided = flags(MachineMemory(24 * gib, null), small)
        assertThat(decided.flags).containsExactly("-Xms1024m", "-Xmx1024m", "-XX:+UseG1GC")
        assertThat(decided.preTouch).isFalse()
        assertThat(decided.why).contains("needs about 6 MiB", "1/3 of 24.0 GiB", "not touched at start-up")
    }

    @Test
    fun `a payload that needs a sixteenth of the floor heap or more gets it pre-touched, without a large young gen`() {
        val flat10k = HeapNeed(8L * 1024 * 10_000 * 3, "bench.sizes=10000 (shape flat)", listOf("bench.sizes"))
        val decided = flags(MachineMemory(24 * gib, null), flat10k)
        assertThat(decided.flags).containsExactly("-Xms1024m", "-Xmx1024m", "-XX:+UseG1GC", "-XX:+AlwaysPreTouch")
        assertThat(decided.preTouch).isTrue()
        val justBelow = HeapNeed(gib / 16 - 1, "bench.sizes=10 (shape upload)", listOf("bench.sizes"))
        assertThat(flags(MachineMemory(24 * gib, null), justBelow).preTouch).isFalse()
    }

    @Test
    fun `a small payload under a 6 GB address-space limit gets the same flags as on a large machine`() {
        assertThat(flags(MachineMemory(24 * gib, sixGb), small).flags)
            .isEqualTo(flags(MachineMemory(24 * gib, null), small).flags)
    }

    @Test
    fun `a large payload gets three times its need, a large young generation and a pre-touched heap`() {
        val decided = flags(MachineMemory(24 * gib, null), flat100k)
        val heapMib = flat100k.bytes * 3 shr 20
        assertThat(decided.flags).containsExactly(
            "-Xms${heapMib}m",
            "-Xmx${heapMib}m",
            "-Xmn${heapMib * 5 / 8}m",
            "-XX:+UseG1GC",
            "-XX:+AlwaysPreTouch",
        )
        assertThat(decided.preTouch).isTrue()
    }

    @Test
    fun `the heap is capped by a third of the memory and by the address space less what a JVM reserves besides`() {
        assertThat(flags(MachineMemory(8 * gib, null), flat100k).heapBytes).isEqualTo((8 * gib / 3) shr 20 shl 20)
        assertThat(flags(MachineMemory(24 * gib, sixGb), flat100k).heapBytes)
            .isEqualTo((sixGb - 3 * gib) shr 20 shl 20)
    }

    @Test
    fun `a 2 GB address-space limit is refused in one line naming the option to set`() {
        val decision = ForkJvmSettings.decide(MachineMemory(24 * gib, 2_048_000_000L), small)
        assertThat((decision as Decision.Refused).message).isEqualTo(
            "bench.sizes=1000 (shape flat) needs about 0.3 GiB of heap but this machine lets a JVM have 0.0 GiB " +
                "(1/3 of 24.0 GiB of memory, address space limited to 1.9 GiB by ulimit -v less 3.0 GiB a JVM " +
                "reserves besides its heap): set bench.jvmArgs",
        )
    }

    @Test
    fun `a payload larger than the machine allows is refused, a container's memory counting as the machine's`() {
        val decision = ForkJvmSettings.decide(MachineMemory(4 * gib, null), flat100k)
        assertThat((decision as Decision.Refused).message)
            .startsWith(
                "bench.sizes=100000 (shape flat) needs about 2.3 GiB of heap but this machine lets a JVM have 1.3",
            )
            .endsWith(": lower bench.sizes or set bench.jvmArgs")
        assertThat(flags(MachineMemory(4 * gib, null), small).heapBytes).isEqualTo(gib)
    }

    @Test
    fun `the address-space limit is read from the soft limit of proc self limits`() {
        val header = "Limit                     Soft Limit           Hard Limit           Units     \n"
        assertThat(
            MachineMemory.addressSpaceLimitBytes(
                header + "Max address space         6144000000           unlimited            bytes     \n",
            ),
        ).isEqualTo(sixGb)
        assertThat(
            MachineMemory.addressSpaceLimitBytes(
                header + "Max address space         unlimited            unlimited            bytes     \n",
            ),
        ).isNull()
        assertThat(MachineMemory.addressSpaceLimitBytes(header)).isNull()
    }

    @Test
    fun `a touched heap asks for transparent huge pages where the kernel gives them on request, and only then`() {
        val withHugePages = MachineMemory(24 * gib, null, hugePagesOnRequest = true)
        val large = flags(withHugePages, flat100k)
        assertThat(large.flags).endsWith("-XX:+AlwaysPreTouch", "-XX:+UseTransparentHugePages")
        assertThat(large.why).contains("touched at start-up", "in transparent huge pages")
        assertThat(flags(withHugePages, small).flags).doesNotContain("-XX:+UseTransparentHugePages")
        assertThat(flags(MachineMemory(24 * gib, null), flat100k).flags).doesNotContain("-XX:+UseTransparentHugePages")
    }

    @Test
    fun `huge pages are on request in the always and madvise modes of the kernel, not in never or without the file`() {
        assertThat(MachineMemory.selectsHugePagesOnRequest("always [madvise] never\n")).isTrue()
        assertThat(MachineMemory.selectsHugePagesOnRequest("[always] madvise never\n")).isTrue()
        assertThat(MachineMemory.selectsHugePagesOnRequest("always madvise [never]\n")).isFalse()
        assertThat(MachineMemory.selectsHugePagesOnRequest("")).isFalse()
    }
}
