package serialbench.run

import serialbench.jvm.MachineMemory
import java.util.Locale

/**
 * The flags of a measuring JVM when `bench.jvmArgs` is not given: the one declaration both entry points (Maven and
 * the program) start forks from. A pure function ([decide]) of the machine's memory and the run's largest payload.
 *
 * - The heap is [HEAP_PER_NEEDED] times what the largest payload needs, at least [FLOOR_HEAP_BYTES], fixed
 *   (`-Xms` = `-Xmx`, so it does not resize while timed), and at most what the machine lets a JVM have
 *   ([availableHeapBytes]): a [MACHINE_FRACTION] of its memory (the parent, the OS and other work share it) and,
 *   under an address-space limit (`ulimit -v`), the limit less [NON_HEAP_RESERVE_BYTES].
 * - The heap is touched at start-up (`-XX:+AlwaysPreTouch`) only where the payload needs at least
 *   1/[PRE_TOUCH_SHARE] of it: there a call allocates a good share of the heap, and the first timed calls could
 *   still land on pages the warm-up never reached (the first codec measured ran up to 8 times slower at 10,000
 *   elements without it). A smaller payload's calls recycle a few young regions the warm-up has already touched,
 *   so touching the whole heap (about 2 s per GiB) would gain nothing.
 * - A touched heap asks for transparent huge pages (`-XX:+UseTransparentHugePages`) where the kernel gives them on
 *   request ([MachineMemory.hugePagesOnRequest]): on the 2-core machine a 7 GiB heap took 15-20 s to touch in 4 KiB
 *   pages and 0.4-2 s in huge pages, in each of the run's dozens of forks.
 * - A heap sized by its payload (above the floor) gets a large young generation (`-Xmn`, [YOUNG_EIGHTHS] eighths):
 *   a decoded list outlives young collections, and G1's default sizing would copy it from one to the next.
 * - A payload that needs more than the machine allows is refused before anything runs, in one line naming the
 *   option to lower and `bench.jvmArgs`.
 */
object ForkJvmSettings {
    const val FLOOR_HEAP_BYTES = 1L shl 30

    /** Below this a fork cannot warm its codecs up reliably, whatever its payload. */
    const val SMALLEST_HEAP_BYTES = 256L shl 20
    const val HEAP_PER_NEEDED = 3L
    const val MACHINE_FRACTION = 3L

    /** What a JVM reserves besides its heap: class space (1 GiB), code cache, thread stacks, allocator arenas. */
    const val NON_HEAP_RESERVE_BYTES = 3L shl 30
    const val YOUNG_EIGHTHS = 5L
    const val PRE_TOUCH_SHARE = 16L

    /** What [decide] gives: the flags and why, or why the run cannot fit. */
    sealed interface Decision {
        data class Flags(val flags: List<String>, val heapBytes: Long, val preTouch: Boolean, val why: String) :
            Decision

        data class Refused(val message: String) : Decision
    }

    /** The most heap [machine] lets one JVM have, 0 when its address-space limit leaves none. */
    fun availableHeapBytes(machine: MachineMemory): Long {
        val byMemory = machine.totalBytes / MACHINE_FRACTION
        val byAddressSpace = machine.addressSpaceLimitBytes?.let { it - NON_HEAP_RESERVE_BYTES } ?: Long.MAX_VALUE
        return minOf(byMemory, byAddressSpace).coerceAtLeast(0)
    }

    fun decide(machine: MachineMemory, need: HeapNeed): Decision {
        val available = availableHeapBytes(machine)
        val needed = maxOf(need.bytes, SMALLEST_HEAP_BYTES)
        if (needed > available) {
            return Decision.Refused(
                "${need.what} needs about ${gib(needed)} of heap but this machine lets a JVM have " +
                    "${gib(available)} (${limits(machine)}): " +
                    (lowering(need) + "set ${BenchmarkJvm.JVM_ARGS}").joinToString(" or "),
            )
        }
        val sizedByPayload = need.bytes * HEAP_PER_NEEDED > FLOOR_HEAP_BYTES
        val heapMib = minOf(available, maxOf(FLOOR_HEAP_BYTES, need.bytes * HEAP_PER_NEEDED)) shr 20
        val preTouch = need.bytes * PRE_TOUCH_SHARE >= heapMib shl 20
        val hugePages = preTouch && machine.hugePagesOnRequest
        val flags = buildList {
            add("-Xms${heapMib}m")
            add("-Xmx${heapMib}m")
            if (sizedByPayload) add("-Xmn${heapMib * YOUNG_EIGHTHS / 8}m")
            add("-XX:+UseG1GC")
            if (preTouch) add("-XX:+AlwaysPreTouch")
            if (hugePages) add("-XX:+UseTransparentHugePages")
        }
        val why = "chosen for ${need.what}, which needs ${mib(need.bytes)} of heap, on a machine that lets a " +
            "JVM have ${gib(available)} (${limits(machine)}); " +
            (if (sizedByPayload) "heap $HEAP_PER_NEEDED times that" else "the ${gib(FLOOR_HEAP_BYTES)} floor") +
            if (preTouch) {
                ", touched at start-up (the payload needs 1/$PRE_TOUCH_SHARE of it or more)" +
                    if (hugePages) " in transparent huge pages" else ""
            } else {
                ", not touched at start-up (the payload needs less than 1/$PRE_TOUCH_SHARE of it)"
            }
        return Decision.Flags(flags, heapMib shl 20, preTouch, why)
    }

    /** The options that would lower [need]: none where even the smallest heap does not fit. */
    private fun lowering(need: HeapNeed): List<String> =
        if (need.bytes > SMALLEST_HEAP_BYTES) need.lower.map { "lower $it" } else emptyList()

    private fun limits(machine: MachineMemory): String = "1/$MACHINE_FRACTION of ${gib(machine.totalBytes)} of memory" +
        (
            machine.addressSpaceLimitBytes?.let {
                ", address space limited to ${gib(it)} by ulimit -v less ${gib(NON_HEAP_RESERVE_BYTES)} " +
                    "a JVM reserves besides its heap"
            } ?: ""
            )

    private fun mib(bytes: Long): String = if (bytes < 1L shl 20) "under 1 MiB" else "about ${bytes shr 20} MiB"

    private fun gib(bytes: Long): String = String.format(Locale.ROOT, "%.1f GiB", bytes / (1L shl 30).toDouble())
}
