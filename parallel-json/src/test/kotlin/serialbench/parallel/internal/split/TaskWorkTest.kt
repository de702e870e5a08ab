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

        override fun threadCpuNanos(thread: Thread) = CpuClocks.threadCpuNanos(thread)

        override fun jitMillis() = jitMillis
    }

    /**
     * A machine on which each thread gets [share] of a core's time while it lives, working or waiting alike: its CPU
     * time is that share of the wall time.
     */
    private class SharedCores(private val share: Double) : CpuClock {
        private val originNanos = System.nanoTime()

        override fun threadCpuNanos() = ((System.nanoTime() - originNanos) * share).toLong()

        override fun threadCpuNanos(thread: Thread) = threadCpuNanos()

        override fun jitMillis() = 0L
    }

    @Test
    fun `threads that ran a call's tasks by turns held one core at once`() {
        assumeTrue(CpuClocks.threadCpuNanos() != CpuClocks.UNMEASURED, "this JVM counts CPU time per thread")
        val call = byTurns(TaskWork(Clocks())) {}
        assertThat(call.threads).isEqualTo(2)
        // The calling thread waited without CPU while the other ran: one core at a time, however busy the machine.
        assertThat(call.cores!!).isPositive().isLessThanOrEqualTo(1.01)
    }

    @Test
    fun `threads with a core each held two at once, though the calling thread planned alone and the pool began late`() {
        // planning and cutting before the pool's first task, and a pool thread woken from its park late, on a free
        // machine: counted over the whole call, the CPU time said 1.3 to 1.5 cores, and small splits went whole
        val call = atOnce(TaskWork(SharedCores(share = 1.0)))
        assertThat(call.threads).isEqualTo(2)
        assertThat(call.cores!!).isBetween(1.9, 2.01)
        // the pool's task began after the planning, within the call
        assertThat(call.poolStartNanos!!).isBetween(PLAN_MILLIS * 1_000_000, call.wallNanos - TASK_MILLIS * 1_000_000)
    }

    @Test
    fun `threads given half a core each held one at once`() {
        val call = atOnce(TaskWork(SharedCores(share = 0.5)))
        assertThat(call.cores!!).isBetween(0.9, 1.01)
    }

    @Test
    fun `a call whose pool ran none of its tasks says nothing of the cores`() {
        // the calling thread took every task before the pool's thread woke up: nothing ran at once
        val work = TaskWork(SharedCores(share = 1.0))
        repeat(2) { work.task { Thread.sleep(5) } }
        val call = work.finished(tasks = 2)
        assertThat(call.threads).isEqualTo(1)
        assertThat(call.cores).isNull()
        assertThat(call.poolStartNanos).`as`("the pool never started").isNull()
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

            override fun threadCpuNanos(thread: Thread) = CpuClocks.UNMEASURED

            override fun jitMillis() = 0L
        }
        assertThat(byTurns(TaskWork(unmeasured)) {}.cores).isNull()
    }

    /**
     * A call that plans alone for a while, then runs one task on a pool thread begun late while it runs another, both
     * sleeping on [work]'s clocks.
     */
    private fun atOnce(work: TaskWork): SplitCall {
        Thread.sleep(PLAN_MILLIS)
        val pool = Thread { work.task { Thread.sleep(TASK_MILLIS) } }
        pool.start()
        work.task { Thread.sleep(TASK_MILLIS) }
        pool.join()
        return work.finished(tasks = 2)
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
        const val PLAN_MILLIS = 60L
        const val TASK_MILLIS = 40L
    }
}
