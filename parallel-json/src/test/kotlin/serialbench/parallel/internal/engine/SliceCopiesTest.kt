package serialbench.parallel.internal.engine

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.ValueSource
import serialbench.parallel.internal.scan.Brackets
import java.util.concurrent.Callable
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit

/** A slice's text is its run between brackets, whatever the run, its length, or the threads making slices at once. */
class SliceCopiesTest {
    private val latin1 = (0 until 300_000).joinToString("") { ('a' + it % 26).toString() }
    private val utf16 = latin1.substring(0, 150_000) + "\u0142\uD83D\uDE00" + latin1.substring(150_000)

    @ParameterizedTest
    @ValueSource(booleans = [false, true])
    fun `a slice is the run between its brackets, however long`(wide: Boolean) {
        val text = if (wide) utf16 else latin1
        val copies = SliceCopies(arrays = 1)
        val runs = listOf(
            0 to 10,
            100 to 130_000,
            5 to 6,
            0 to SliceCopies.MAX_CHARS - 2,
            0 to SliceCopies.MAX_CHARS,
            149_990 to 150_010,
            7 to 7,
        )

        for ((from, to) in runs) {
            for (brackets in Brackets.entries) {
                assertThat(copies.bracketed(text, from, to, brackets))
                    .isEqualTo(brackets.open + text.substring(from, to) + brackets.close)
            }
        }
        assertThat(copies.arraysMade).isEqualTo(1)
    }

    @Test
    fun `slices made on more threads than arrays are each their own run`() {
        val copies = SliceCopies(arrays = 2)
        val pool = Executors.newFixedThreadPool(6)
        try {
            val tasks = (0 until 6).map { thread ->
                Callable {
                    (0 until 300).count { i ->
                        val from = (thread * 7_919 + i * 104_729) % 200_000
                        val to = from + (i * 31 + thread) % 60_000
                        copies.bracketed(utf16, from, to, Brackets.ARRAY) != "[" + utf16.substring(from, to) + "]"
                    }
                }
            }
            val wrong = pool.invokeAll(tasks).sumOf { it.get() }

            assertThat(wrong).isZero()
            assertThat(copies.arraysMade).isBetween(1, 2)
        } finally {
            pool.shutdown()
            pool.awaitTermination(10, TimeUnit.SECONDS)
        }
    }
}
