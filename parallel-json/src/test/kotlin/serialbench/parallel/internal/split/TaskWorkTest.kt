package serialbench.parallel.internal.split

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Assumptions.assumeTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.parallel.internal.pool.CpuClock
import serialbench.parallel.internal.pool.CpuClocks

/** What a split call's threads did, as [TaskWork] measures it. */
@Timeout(10)
class TaskWorkTest {
    /** The threads' own CPU time; the JIT's clock stands still unless a test moves it. */
    private class Clocks : CpuClock {
        @Volatile var jitMillis = 0L

        override fun threadCpuNanos() = CpuClocks.threadCpuNanos()

        override fun jitMillis() = jitMillis
    }

    @Test
    fun `threads that ran a call's tasks by turns held one core at once, their CPU time all counted`() {
        assumeTrue(CpuClocks.threadCpuNanos() != CpuClocks.UNMEASURED, "this JVM counts CPU time per thread")
        val call = byTurns(TaskWork(Clocks())) {}
        assertThat(call.threads).isEqualTo(2)
        val cores = call.cores!!
        assertThat(cores * call.wallNanos).`as`("the CPU time of both tasks").isGreaterThanOrEqualTo(2.0 * CPU_NANOS)
        // The calling thread waited without CPU while the other ran: one core at a time, however busy the machine.
        assertThat(cores).isLessThanOrEqualTo(1.01)
    }

    @Test
    fun `a pool thread busy a short while beside the calling thread's own work says nothing of the cores`() {
        assumeTrue(CpuClocks.threadCpuNanos() != CpuClocks.UNMEASURED, "this JVM counts CPU time per thread")
        // a document's small part begun ahead: its one task on the pool while this thread reads the rest
        val work = TaskWork(Clocks())
        val pool = Thread { work.task { burnCpu(CPU_NANOS / 10) } }
        pool.start()
        burnCpu(2 * CPU_NANOS)
        pool.join()
        val call = work.finished(tasks = 1)
        assertThat(call.threads).isEqualTo(1)
        assertThat(call.callerRan).isFalse()
        assertThat(call.cores).isNull()
    }

    @Test
    fun `a call during which the JIT compiled says nothing of the cores`() {
        val clocks = Clocks()
        val call = byTurns(TaskWork(clocks)) { clocks.jitMillis += 3 }
        assertThat(call.threads).isEqualTo(2)
        assertThat(call.cores).isNull()
    }

    @Test
    fun `where the JVM counts no CPU time, nothing is measured`() {
        val unmeasured = object : CpuClock {
            override fun threadCpuNanos() = CpuClocks.UNMEASURED

            override fun jitMillis() = 0L
        }
        assertThat(byTurns(TaskWork(unmeasured)) {}.cores).isNull()
    }

    /** A task on this thread, then one on another while this one waits, and [meanwhile] between them. */
    private fun byTurns(work: TaskWork, meanwhile: () -> Unit): SplitCall {
        work.task { burnCpu(CPU_NANOS) }
        meanwhile()
        val pool = Thread { work.task { burnCpu(CPU_NANOS) } }
        pool.start()
        pool.join()
        return work.finished(tasks = 2)
    }

    /** Spins until this thread has used [nanos] of CPU (or as long, where it is not counted). */
    private fun burnCpu(nanos: Long) {
        val counted = CpuClocks.threadCpuNanos() != CpuClocks.UNMEASURED
        val clock = if (counted) CpuClocks::threadCpuNanos else System::nanoTime
        val end = clock() + nanos
        while (clock() < end) Thread.onSpinWait()
    }

    private companion object {
        const val CPU_NANOS = 20_000_000L
    }
}
