package serialbench.parallel.internal.split

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Assumptions.assumeTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.parallel.internal.pool.ThreadCpu

/** What a split call's threads did, as [TaskWork] measures it. */
@Timeout(10)
class TaskWorkTest {
    @Test
    fun `threads that ran a call's tasks by turns held one core at once, their CPU time all counted`() {
        assumeTrue(ThreadCpu.nanos() != ThreadCpu.UNMEASURED, "this JVM counts CPU time per thread")
        val work = TaskWork()
        work.task { burnCpu(CPU_NANOS) }
        val pool = Thread { work.task { burnCpu(CPU_NANOS) } }
        pool.start()
        pool.join()
        val call = work.finished(tasks = 2)
        assertThat(call.threads).isEqualTo(2)
        val cores = call.cores!!
        assertThat(cores * call.wallNanos).`as`("the CPU time of both tasks").isGreaterThanOrEqualTo(2.0 * CPU_NANOS)
        // The calling thread waited without CPU while the other ran: one core at a time, however busy the machine.
        assertThat(cores).isLessThanOrEqualTo(1.01)
    }

    /** Spins until this thread has used [nanos] of CPU: the same work on a busy machine as on a quiet one. */
    private fun burnCpu(nanos: Long) {
        val end = ThreadCpu.nanos() + nanos
        while (ThreadCpu.nanos() < end) Thread.onSpinWait()
    }

    private companion object {
        const val CPU_NANOS = 20_000_000L
    }
}
