package serialbench.parallel.internal.split

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.CsvSource

/** Which way a kind's calls go, from their recorded wall times (no clock involved: each call's time is given). */
class CallTimesTest {
    private val chars = 100_000

    /**
     * [calls] calls of [times], each split or whole as it says, taking [splitNanos] or [wholeNanos] a character; a
     * split right after a whole call [coldSplit] times as long (its pool woken).
     */
    private fun run(
        times: CallTimes,
        calls: Int,
        splitNanos: Double,
        wholeNanos: Double,
        encoding: Boolean,
        coldSplit: Double = 1.0,
    ): Ways {
        val ways = Ways()
        var lastWhole = false
        repeat(calls) {
            val whole = times.goesWhole(if (encoding) 0 else chars)
            val nanosPerChar = if (whole) wholeNanos else splitNanos * if (lastWhole) coldSplit else 1.0
            times.record(chars, split = !whole, wallNanos = (nanosPerChar * chars).toLong())
            if (whole) ways.whole++ else ways.split++
            lastWhole = whole
        }
        return ways
    }

    private class Ways {
        var split = 0
        var whole = 0
    }

    @ParameterizedTest(name = "split {0} ns, whole {1} ns a character, encoding {2}: {3}")
    @CsvSource(
        "1.0, 2.0, false, split",
        "2.0, 1.0, false, whole",
        "1.0, 1.05, false, whole",
        "0.5, 2.0, true, split",
        "1.2, 1.0, true, whole",
    )
    fun `a kind's calls go the way measured faster, the other tried now and then`(
        splitNanos: Double,
        wholeNanos: Double,
        encoding: Boolean,
        faster: String,
    ) {
        val times = CallTimes(minChars = 1_000)
        run(times, 1_000, splitNanos, wholeNanos, encoding)
        val ways = run(times, 2_000, splitNanos, wholeNanos, encoding)
        val (leading, tried) = if (faster == "split") ways.split to ways.whole else ways.whole to ways.split
        assertThat(leading).describedAs("calls the faster way, of 2,000 after the first 1,000").isGreaterThan(1_950)
        assertThat(tried).describedAs("tries of the slower way, of 2,000 after the first 1,000").isBetween(1, 50)
    }

    @ParameterizedTest(name = "split {0} ns a character from {1} ns, whole 1.0 ns")
    @CsvSource("2.0, 0.4", "0.4, 2.0")
    fun `when the slower way becomes the faster, the calls follow it within a few tries`(
        splitBefore: Double,
        splitAfter: Double,
    ) {
        val times = CallTimes(minChars = 1_000)
        run(times, 1_000, splitBefore, 1.0, encoding = false)
        run(times, 3_000, splitAfter, 1.0, encoding = false)
        val ways = run(times, 1_000, splitAfter, 1.0, encoding = false)
        val leading = if (splitAfter < 1.0) ways.split else ways.whole
        assertThat(leading).describedAs("calls the way faster now, of the last 1,000").isGreaterThan(975)
    }

    @ParameterizedTest(name = "a split after a whole call {0} times as long")
    @CsvSource("1.0", "2.0", "3.0")
    fun `a try of splitting is a run of calls, not one call that wakes the pool`(coldSplit: Double) {
        val times = CallTimes(minChars = 1_000)
        run(times, 1_000, 2.0, 1.0, encoding = false)
        run(times, 3_000, 0.6, 1.0, encoding = false, coldSplit = coldSplit)
        val ways = run(times, 1_000, 0.6, 1.0, encoding = false, coldSplit = coldSplit)
        assertThat(ways.split).describedAs("splits, of the last 1,000 calls").isGreaterThan(975)
    }

    @ParameterizedTest(name = "{0} characters")
    @CsvSource("999", "0")
    fun `a text shorter than the least split is neither timed nor sent whole`(shortChars: Int) {
        val times = CallTimes(minChars = 1_000)
        repeat(100) { times.record(shortChars, split = true, wallNanos = 10_000_000) }
        repeat(100) { times.record(shortChars, split = false, wallNanos = 1) }
        assertThat(times.goesWhole(shortChars)).isFalse()
        val notAdaptive = CallTimes(minChars = Int.MAX_VALUE)
        repeat(100) { notAdaptive.record(chars, split = true, wallNanos = 10_000_000) }
        repeat(100) { notAdaptive.record(chars, split = false, wallNanos = 1) }
        assertThat(notAdaptive.goesWhole(chars)).describedAs("where every long input splits").isFalse()
    }

    @ParameterizedTest(name = "split at 3 ns a character at {0} characters")
    @CsvSource("100000", "10000")
    fun `each size of text goes its own way`(slowChars: Int) {
        val times = CallTimes(minChars = 1_000)
        val otherChars = if (slowChars > 50_000) 10_000 else 100_000
        repeat(3_000) {
            for (size in listOf(slowChars, otherChars)) {
                val whole = times.goesWhole(size)
                val nanosPerChar = if (whole) {
                    1.0
                } else if (size == slowChars) {
                    3.0
                } else {
                    0.5
                }
                times.record(size, split = !whole, wallNanos = (nanosPerChar * size).toLong())
            }
        }
        assertThat(times.goesWhole(slowChars)).describedAs("the size whose splits are slower").isTrue()
        assertThat(times.goesWhole(otherChars)).describedAs("the size whose splits are faster").isFalse()
    }

    @ParameterizedTest(name = "{0} characters")
    @CsvSource("1000000", "3000000")
    fun `a size whose whole calls take over a millisecond is left to the planner`(longChars: Int) {
        val times = CallTimes(minChars = 1_000)
        val ways = Ways()
        repeat(1_000) {
            val whole = times.goesWhole(longChars)
            times.record(longChars, split = !whole, wallNanos = ((if (whole) 1.5 else 3.0) * longChars).toLong())
            if (whole) ways.whole++ else ways.split++
        }
        assertThat(ways.whole).describedAs("calls sent whole, of 1,000 split at twice a whole call's time").isZero()
    }
}
