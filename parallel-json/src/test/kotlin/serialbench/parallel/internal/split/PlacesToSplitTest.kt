package serialbench.parallel.internal.split

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import serialbench.parallel.internal.scan.Brackets
import serialbench.parallel.internal.scan.DocumentOutline
import serialbench.parallel.internal.split.SplitCosts.Companion.RECENT_SPLIT_CALLS
import serialbench.parallel.internal.split.SplitCosts.Direction.DECODE

/** Which parts of a document are begun in slices, from recorded costs. */
class PlacesToSplitTest {
    private val small = place("venues", 0, 66_268)
    private val large = place("performances", 70_000, 70_000 + 1_646_239)

    private fun place(member: String, start: Int, end: Int) =
        DocumentOutline.Place(listOf(member), start, end, Brackets.ARRAY, key = member)

    /** Arrays whose engine reads 1.5 ns a character and whose recent split calls all ran on [threads] threads. */
    private fun arrays(threads: Int) = ParallelJsonArrays(parallelism = 2, minParallelChars = 0, chunksPerThread = 8)
        .also { arrays ->
            val costs = arrays.learned.costs
            for (part in listOf(small, large)) {
                costs.recordEngine(
                    part.key,
                    DECODE,
                    part.chars.toLong(),
                    part.chars * 3L / 2,
                )
            }
            repeat(RECENT_SPLIT_CALLS) { costs.recordSplit(1_100_000, 1_000_000, threads, 16) }
        }

    @Test
    fun `a declined split tried again is tried on the document's largest part, not on the first one met`() {
        arrays(threads = 1).use { arrays ->
            assertThat(arrays.placesToSplit(listOf(small, large))).`as`("no try due yet").isEmpty()
            // enough work ran on one thread since the last try: the next declined part is split, to measure again
            arrays.learned.costs.declined(25_000_000.0)
            assertThat(arrays.placesToSplit(listOf(small, large))).containsExactly(large)
        }
    }

    @Test
    fun `a large part declined does not have a smaller one of the same call split to measure in its place`() {
        arrays(threads = 1).use { arrays ->
            // the large part's first calls, while the JIT compiled, left it at 20 ns a character: 33 ms declined
            arrays.learned.costs.recordEngine(large.key, DECODE, large.chars.toLong(), large.chars * 20L)
            repeat(8) { arrays.learned.costs.recordEngine(large.key, DECODE, large.chars.toLong(), large.chars * 20L) }
            assertThat(arrays.placesToSplit(listOf(small, large))).`as`("the first call").isEmpty()
            assertThat(arrays.placesToSplit(listOf(small, large))).`as`("the next").containsExactly(large)
        }
    }

    @Test
    fun `where the largest part splits, the try goes to the largest of those declined`() {
        arrays(threads = 2).use { arrays ->
            val medium = place("events", 2_000_000, 2_000_000 + 200_000)
            val costs = arrays.learned.costs
            // a stale measurement left the medium part at 0.05 ns a character: declined for good unless tried again
            costs.recordEngine(medium.key, DECODE, medium.chars.toLong(), medium.chars / 20L)
            val parts = listOf(small, large, medium)
            assertThat(arrays.placesToSplit(parts)).`as`("no try due yet").containsExactly(large)
            costs.declined(100_000_000.0)
            assertThat(arrays.placesToSplit(parts)).containsExactly(large, medium)
        }
    }

    @Test
    fun `parts worth splitting are kept in the document's order`() {
        arrays(threads = 2).use { arrays ->
            val larger = place("events", 2_000_000, 2_000_000 + 800_000)
            arrays.learned.costs.recordEngine(larger.key, DECODE, larger.chars.toLong(), larger.chars * 3L / 2)
            assertThat(arrays.placesToSplit(listOf(small, large, larger))).containsExactly(large, larger)
        }
    }
}
