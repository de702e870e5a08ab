package serialbench.measure

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.TestOrder
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.CountDownLatch
import java.util.concurrent.TimeUnit

@Order(TestOrder.UNIT)
@Timeout(value = 1, unit = TimeUnit.MINUTES)
class ConcurrentSubjectTest {
    /** A subject whose call waits until every call of its round has begun: it returns only if they run at once. */
    private class Meeting(private val all: CountDownLatch, private val threads: MutableSet<Thread>) : Subject {
        override val payloadBytes: Int get() = 1

        override fun payloadContent(): ByteArray = byteArrayOf(1)

        override fun serialize(): Any? = meet()

        override fun deserialize(): Any? = meet()

        private fun meet(): Boolean {
            threads += Thread.currentThread()
            all.countDown()
            return all.await(20, TimeUnit.SECONDS)
        }
    }

    @Test
    fun `a round makes every subject's call at once, each on a thread of its own, the first on the caller's`() {
        for (calls in listOf(2, 3)) {
            val all = CountDownLatch(calls)
            val threads = ConcurrentHashMap.newKeySet<Thread>()
            ConcurrentSubject(List(calls) { Meeting(all, threads) }).use { round ->
                assertThat(round.calls).isEqualTo(calls)
                assertThat(round.deserialize() as List<*>).describedAs("each call met the others").containsOnly(true)
            }
            assertThat(threads).hasSize(calls).contains(Thread.currentThread())
            for (thread in threads - Thread.currentThread()) {
                thread.join(10_000)
                assertThat(thread.isAlive).describedAs("${thread.name} after close").isFalse()
                assertThat(thread.isDaemon).isTrue()
            }
        }
    }

    @Test
    fun `a call that fails fails its round with its own exception`() {
        val failing = object : Subject {
            override val payloadBytes: Int get() = 1

            override fun payloadContent(): ByteArray = byteArrayOf(1)

            override fun serialize(): Any? = throw IllegalStateException("bad payload at offset 7")

            override fun deserialize(): Any? = 1
        }
        val fine = object : Subject by failing {
            override fun serialize(): Any? = 1
        }
        ConcurrentSubject(listOf(fine, failing)).use { round ->
            assertThatThrownBy { round.serialize() }
                .isInstanceOf(IllegalStateException::class.java).hasMessage("bad payload at offset 7")
            assertThat(round.deserialize()).isEqualTo(listOf(1, 1))
        }
    }

    @Test
    fun `a round needs two subjects`() {
        assertThatThrownBy { ConcurrentSubject(emptyList()) }.hasMessage("a round needs 2 subjects or more, got 0")
    }
}
