package serialbench.measure

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import serialbench.TestOrder
import java.util.concurrent.CountDownLatch
import kotlin.concurrent.thread

/** The CPU time of the JVM's own threads: the process's, less that of the threads the JVM lists. */
@Order(TestOrder.UNIT)
class JvmThreadsCpuTest {
    @Test
    fun `a listed thread that ends keeps its CPU time, which is not taken for the JVM's own threads' work`() {
        val burned = CountDownLatch(1)
        val end = CountDownLatch(1)
        val worker = thread(name = "burns 300 ms") {
            val untilNanos = System.nanoTime() + BURN_NANOS
            while (System.nanoTime() - untilNanos < 0) Thread.onSpinWait()
            burned.countDown()
            end.await()
        }
        burned.await()
        val before = JvmThreadsCpu.readNanos()
        end.countDown()
        worker.join()
        val after = JvmThreadsCpu.readNanos()
        assertThat(before).describedAs("the JVM's own threads' CPU time").isNotNull()
        assertThat(after!! - before!!).describedAs("the JVM's own threads' CPU time while the thread ended")
            .isLessThan(BURN_NANOS / 2)
    }

    private companion object {
        const val BURN_NANOS = 300_000_000L
    }
}
