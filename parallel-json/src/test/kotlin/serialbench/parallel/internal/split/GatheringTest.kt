package serialbench.parallel.internal.split

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.parallel.internal.engine.PartGather
import java.util.concurrent.CyclicBarrier
import java.util.concurrent.Executors
import kotlin.random.Random

/** Slices handed over in slice order, whichever thread ends them and in whatever order. */
@Timeout(10)
class GatheringTest {
    /** Gathers the slices' elements in the order handed over, counting the calls. */
    private class Recording : PartGather<Int> {
        val gathered = ArrayList<Int>()
        var adds = 0

        override fun add(slice: List<Int>) {
            adds++
            gathered += slice
        }

        override fun result(): List<Int> = gathered
    }

    private fun slice(index: Int) = listOf(3 * index, 3 * index + 1, 3 * index + 2)

    @Test
    fun `slices that end in any order are gathered in slice order, each once`() {
        val recording = Recording()
        val gathering = Gathering(recording, 50)
        for (index in (0 until 50).shuffled(Random(7))) gathering.ended(index, slice(index))
        assertThat(gathering.result()).isEqualTo((0 until 150).toList())
        assertThat(recording.adds).isEqualTo(50)
    }

    @Test
    fun `two threads ending slices at once gather every slice once, in slice order`() {
        val slices = 20_000
        repeat(5) { round ->
            val recording = Recording()
            val gathering = Gathering(recording, slices)
            val start = CyclicBarrier(2)
            val threads = Executors.newFixedThreadPool(2)
            try {
                val ends = (0 until 2).map { parity ->
                    threads.submit {
                        start.await()
                        for (index in parity until slices step 2) gathering.ended(index, slice(index))
                    }
                }
                ends.forEach { it.get() }
            } finally {
                threads.shutdownNow()
            }
            assertThat(gathering.result()).`as`("round $round").isEqualTo((0 until 3 * slices).toList())
            assertThat(recording.adds).isEqualTo(slices)
        }
    }

    @Test
    fun `the result before every slice has ended fails, naming how many were gathered`() {
        val gathering = Gathering(Recording(), 3)
        gathering.ended(0, slice(0))
        gathering.ended(2, slice(2))
        assertThatThrownBy { gathering.result() }.hasMessage("1 of 3 slices gathered")
    }
}
