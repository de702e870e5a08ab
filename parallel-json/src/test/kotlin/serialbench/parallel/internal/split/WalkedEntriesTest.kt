package serialbench.parallel.internal.split

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import java.util.concurrent.Callable
import java.util.concurrent.CountDownLatch
import java.util.concurrent.Executors

/** A map's entries walked by one thread while another already reads those walked. */
@Timeout(10)
class WalkedEntriesTest {
    private val entries = (0 until 10_000).associateWith { "v$it" }.entries

    /** Runs [read] on a thread of its own, started before [walk] runs here; its result or its failure. */
    private fun <R> readWhileWalking(walked: WalkedEntries<*>, read: () -> R, walk: () -> Unit = walked::walk): R {
        val reader = Executors.newSingleThreadExecutor()
        try {
            val started = CountDownLatch(1)
            val result = reader.submit(
                Callable {
                    started.countDown()
                    read()
                },
            )
            started.await()
            walk()
            return result.get()
        } finally {
            reader.shutdownNow()
        }
    }

    @Test
    fun `entries read on another thread while they are walked are the map's, in its order`() {
        val walked = WalkedEntries(entries)
        val read = readWhileWalking(walked, { walked.toList() })
        assertThat(read).containsExactlyElementsOf(entries)
        assertThat(walked.complete).isTrue()
    }

    @Test
    fun `the first entry is there before the walk, for the planner`() {
        val walked = WalkedEntries(entries)
        assertThat(walked.size).isEqualTo(entries.size)
        assertThat(walked[0]).isEqualTo(entries.first())
    }

    @Test
    fun `a walk that fails throws its own failure and ends the wait of a reader with an error`() {
        val failing = object : AbstractSet<Int>() {
            override val size: Int get() = 1_000

            override fun iterator(): Iterator<Int> = iterator {
                for (i in 0 until 500) yield(i)
                throw ConcurrentModificationException("changed at 500")
            }
        }
        val walked = WalkedEntries(failing)
        val read = readWhileWalking(walked, { runCatching { walked[999] } }) {
            assertThatThrownBy { walked.walk() }.isInstanceOf(ConcurrentModificationException::class.java)
        }
        assertThat(read.exceptionOrNull()).hasMessage("entry 999 of 1000 was never walked")
        assertThat(walked.complete).isFalse()
    }

    @Test
    fun `a collection that gives fewer or more entries than its size says is not complete, and no read waits`() {
        for ((claimed, given) in listOf(1_000 to 600, 600 to 1_000)) {
            val misSized = object : AbstractSet<Int>() {
                override val size: Int get() = claimed

                override fun iterator(): Iterator<Int> = (0 until given).iterator()
            }
            val walked = WalkedEntries(misSized)
            val read = readWhileWalking(walked, { runCatching { walked[claimed - 1] } })
            assertThat(walked.complete).`as`("$claimed claimed, $given given").isFalse()
            if (given < claimed) {
                assertThat(read.exceptionOrNull()).hasMessageContaining("never walked")
            } else {
                assertThat(read.getOrNull()).isEqualTo(claimed - 1)
            }
        }
    }
}
