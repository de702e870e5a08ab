package serialbench.robustness

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.TestOrder
import java.util.concurrent.CountDownLatch
import java.util.concurrent.atomic.AtomicBoolean

@Order(TestOrder.UNIT)
@Timeout(30)
class IsolatedCallsTest {
    @Test
    fun `a call returns its value from another thread, and its exception is thrown to the caller`() {
        IsolatedCalls(5_000, "test").use { calls ->
            assertThat(calls.run { Thread.currentThread().name }).isEqualTo("test-1")
            assertThatThrownBy {
                calls.run { throw IllegalStateException("boom") }
            }.isInstanceOf(IllegalStateException::class.java).hasMessage("boom")
        }
    }

    @Test
    fun `a call that does not return in time gives null, and the next call runs on a new thread`() {
        val released = AtomicBoolean(false)
        val latch = CountDownLatch(1)
        try {
            IsolatedCalls(100, "test").use { calls ->
                // Deaf to the interrupt, as a decode stuck in a loop would be.
                assertThat(calls.run { while (!released.get()) Thread.onSpinWait() }).isNull()
                assertThat(
                    calls.run {
                        latch.await()
                        "released"
                    },
                ).isNull()
                assertThat(calls.abandonedThreads).isEqualTo(2)
                assertThat(calls.run { Thread.currentThread().name }).isEqualTo("test-3")
            }
        } finally {
            released.set(true)
            latch.countDown()
        }
    }
}
