package serialbench.parallel.internal.split

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.parallel.internal.split.SplitCosts.Companion.RECENT_SPLIT_CALLS
import serialbench.parallel.internal.split.SplitCosts.Direction.DECODE
import serialbench.parallel.internal.split.SplitCosts.Direction.ENCODE

/** The decision to split, from recorded costs (no clock involved). */
@Timeout(10)
class SplitPlannerTest {
    private val key = Any()

    /** The planners' clock, moved by the tests. */
    private var nowNanos = 0L

    private fun planner(
        nanosPerChar: Double,
        overheadNanos: Long,
        adaptive: Boolean = true,
        minParallelChars: Int = 0,
    ): SplitPlanner {
        val learned = Learned(SplitCosts { nowNanos })
        val costs = learned.costs
        repeat(RECENT_SPLIT_CALLS) {
            costs.recordEngine(key, DECODE, 1_000_000, (nanosPerChar * 1_000_000).toLong())
            costs.recordEngine(key, ENCODE, 1_000_000, (nanosPerChar * 1_000_000).toLong())
            // Wall time = fixed overhead + engine time over 2 threads + half of one of 16 tasks.
            costs.recordSplit(overheadNanos + 500_000 + 1_000_000 / 16 / 2, 1_000_000, 2, 16)
        }
        return SplitPlanner(
            parallelism = 2,
            minParallelChars = minParallelChars,
            chunksPerThread = 8,
            adaptive = adaptive,
            learned = learned,
        )
    }

    @Test
    fun `a text is split only when splitting is predicted to be clearly faster`() {
        val fast = planner(nanosPerChar = 1.0, overheadNanos = 30_000)
        assertThat(fast.costs.overheadNanos).isBetween(29_000.0, 31_000.0)
        // 90 us alone; in 2 tasks, one a thread, 45 + 30 = 75 us: not 1.25 times faster.
        assertThat(fast.splitsText(key, 90_000)).`as`("90 us of engine time, 30 us of overhead").isFalse()
        // 130 us alone; 65 + 30 = 95 us.
        assertThat(fast.splitsText(key, 130_000)).`as`("130 us of engine time, 30 us of overhead").isTrue()
        // 300 us alone; in 6 tasks 150 + 30 + 25 = 205 us.
        assertThat(fast.splitsText(key, 300_000)).`as`("300 us of engine time, 30 us of overhead").isTrue()
        val slow = planner(nanosPerChar = 3.0, overheadNanos = 30_000)
        assertThat(slow.splitsText(key, 100_000)).`as`("the same 300 us from a slower engine").isTrue()
    }

    @Test
    fun `an engine time measured while the JIT compiled gives way to the first call at the engine's speed`() {
        val planner = planner(nanosPerChar = 1.0, overheadNanos = 30_000)
        val member = Any()
        // A member's first call while the JVM warmed up: 129 ns a character, 7.7 ms for 60 K characters.
        planner.costs.recordEngine(member, DECODE, 60_000, 129L * 60_000)
        assertThat(planner.splitsText(member, 60_000)).`as`("7.7 ms of engine time, as measured cold").isTrue()
        // The next one at the engine's speed: 96 us alone, 48 + 30 = 78 us in two tasks.
        planner.costs.recordEngine(member, DECODE, 60_000, 96_000)
        assertThat(planner.costs.engineNanos(member, DECODE, 60_000)).isEqualTo(96_000.0)
        assertThat(planner.splitsText(member, 60_000)).`as`("96 us of engine time, 30 us of overhead").isFalse()
        // A slower call moves it a quarter of the way: 96 + (192 - 96) / 4 = 120 us.
        planner.costs.recordEngine(member, DECODE, 60_000, 192_000)
        assertThat(planner.costs.engineNanos(member, DECODE, 60_000)).isEqualTo(120_000.0)
        // One not twice as fast as the average, a quarter of the way too: 120 + (66 - 120) / 4 = 106.5 us.
        planner.costs.recordEngine(member, DECODE, 60_000, 66_000)
        assertThat(planner.costs.engineNanos(member, DECODE, 60_000)).isEqualTo(106_500.0)
    }

    @Test
    fun `split calls of one task a thread measure their overhead beyond half their work, and a loss is not repeated`() {
        val planner = planner(nanosPerChar = 1.0, overheadNanos = 0)
        // A map of 60 K characters written in two chunks on two threads: 110 us of engine time in its tasks (each
        // slower than the engine alone), 80 us from the call's start to its end. No task waits for a thread: the
        // overhead is the 25 us beyond half the work (with half a task's wait counted too, it came out below 0).
        repeat(RECENT_SPLIT_CALLS) { planner.costs.recordSplit(80_000, 110_000, 2, 2) }
        assertThat(planner.costs.overheadNanos).isBetween(24_000.0, 26_000.0)
        // 60 us alone; 30 + 25 = 55 us in two tasks.
        assertThat(planner.splitsText(key, 60_000)).`as`("60 us of engine time, 25 us of overhead").isFalse()
    }

    @Test
    fun `a starved pool (a large measured overhead) keeps even large texts on the calling thread`() {
        val starved = planner(nanosPerChar = 2.0, overheadNanos = 5_000_000)
        // 10 ms alone; in 16 tasks 5 + 5 + 0.3 ms: not 1.25 times faster. 40 ms alone; 20 + 5 + 1.25 ms.
        assertThat(starved.splitsText(key, 5_000_000)).isFalse()
        assertThat(starved.splitsText(key, 20_000_000)).isTrue()
    }

    @Test
    fun `split calls stalled by pauses do not keep the next inputs on the calling thread`() {
        val planner = planner(nanosPerChar = 1.0, overheadNanos = 30_000)
        // Garbage collections (or the JIT's threads) of 40 ms inside all but one of the recent split calls of 1 ms of
        // engine time: a JVM warming up on two cores.
        repeat(RECENT_SPLIT_CALLS - 1) { planner.costs.recordSplit(40_000_000 + 500_000, 1_000_000, 2, 16) }
        assertThat(planner.costs.overheadNanos).isBetween(29_000.0, 31_000.0)
        assertThat(planner.splitsText(key, 300_000)).isTrue()
        // Stalls in every recent call are the machine's state: then the overhead follows them.
        planner.costs.recordSplit(40_000_000 + 500_000, 1_000_000, 2, 16)
        assertThat(planner.costs.overheadNanos).isGreaterThan(30_000_000.0)
    }

    @Test
    fun `after first split calls that all met a busy machine, one unhindered split call is enough to split again`() {
        // The first calls of a JVM: every split call slowed by 5 ms (the JIT compiling on the other core).
        val planner = planner(nanosPerChar = 2.0, overheadNanos = 5_000_000)
        assertThat(planner.splitsText(key, 1_000_000)).`as`("2 ms of engine time, 5 ms of overhead").isFalse()
        // The next split tried (after declining) runs unhindered.
        planner.costs.recordSplit(30_000 + 1_000_000 + 2_000_000 / 16 / 2, 2_000_000, 2, 16)
        assertThat(planner.splitsText(key, 1_000_000)).`as`("2 ms of engine time, 30 us of overhead").isTrue()
    }

    @Test
    fun `a pool starved in a run of split calls is used on, and declined once starved in every recent one`() {
        val planner = planner(nanosPerChar = 2.0, overheadNanos = 30_000)
        // A run of split calls of 2 ms of engine time whose tasks all ran on the calling thread: its pool's threads
        // got no CPU (the JIT compiling on the other core), so each call took the engine's time, 2 ms, and a little.
        repeat(RECENT_SPLIT_CALLS - 1) {
            planner.recordSplit(
                key,
                DECODE,
                1_000_000,
                SplitCall(2_000_000 + 30_000, 2_000_000, tasks = 16, threads = 1),
            )
        }
        assertThat(planner.costs.threads).`as`("one recent split call ran on two threads").isEqualTo(2)
        assertThat(planner.splitsText(key, 1_000_000)).`as`("a passing starvation").isTrue()
        // The whole window of recent calls ran on one thread: a lasting starvation.
        planner.recordSplit(key, DECODE, 1_000_000, SplitCall(2_000_000 + 30_000, 2_000_000, tasks = 16, threads = 1))
        assertThat(planner.costs.overheadNanos).`as`("no overhead measured beyond a thread's own work").isLessThan(1e5)
        assertThat(planner.costs.threads).isEqualTo(1)
        // On one thread splitting gains nothing: declined, and tried again once 20 ms of work ran on the calling
        // thread (after ten such texts), not after 64 times an overhead that was the pool's absence.
        val decisions = List(22) { planner.splitsText(key, 1_000_000) }
        assertThat(decisions.indices.filter { decisions[it] }).containsExactly(10, 21)
        // The tried split ran on both threads: the next texts split.
        planner.recordSplit(
            key,
            DECODE,
            1_000_000,
            SplitCall(1_000_000 + 30_000 + 62_500, 2_000_000, tasks = 16, threads = 2),
        )
        assertThat(planner.costs.threads).isEqualTo(2)
        assertThat(planner.splitsText(key, 1_000_000)).isTrue()
    }

    @Test
    fun `split calls done before the pool could start teach nothing of it, and longer ones without it a starvation`() {
        val planner = planner(nanosPerChar = 2.0, overheadNanos = 30_000)
        // Lists of 100 objects on two threads, the pool's first task begun 20 to 146 us after the call's start.
        repeat(RECENT_SPLIT_CALLS) {
            val call = SplitCall(60_000, 100_000, tasks = 2, threads = 2, poolStartNanos = 20_000 + it * 2_000L)
            planner.recordSplit(key, ENCODE, 10_000, call)
        }
        assertThat(planner.costs.slowestPoolStartNanos).isEqualTo(146_000.0)
        // Many more written by the calling thread alone in 120 us, done before the parked pool thread woke.
        repeat(RECENT_SPLIT_CALLS * 4) {
            planner.recordSplit(key, ENCODE, 10_000, SplitCall(120_000, 100_000, tasks = 2, threads = 1))
        }
        assertThat(planner.costs.threads).`as`("calls too short to tell").isEqualTo(2)
        assertThat(planner.costs.poolStartNanos).`as`("the pool starts later than such calls last").isEqualTo(120_000.0)
        assertThat(planner.splitsText(key, 1_000_000)).isTrue()
        // Calls of 2 ms whose pool ran none of their tasks, longer than any recent start: a starved pool.
        repeat(RECENT_SPLIT_CALLS) {
            planner.recordSplit(key, DECODE, 1_000_000, SplitCall(2_030_000, 2_000_000, tasks = 16, threads = 1))
        }
        assertThat(planner.costs.threads).isEqualTo(1)
        assertThat(planner.splitsText(key, 1_000_000)).isFalse()
    }

    @Test
    fun `a text too short to gain from a pool that starts late is read whole, a longer one split`() {
        val planner = planner(nanosPerChar = 2.0, overheadNanos = 10_000)
        // 75 K characters: 150 us alone; in three tasks, 75 us of them on each of two threads, 25 us for the last, 10 us
        // of overhead: split, as long as the pool starts at once.
        assertThat(planner.splitsText(key, 75_000)).isTrue()
        // Split calls of two tasks whose pool began 100 us after their start: each took that much besides its work.
        repeat(RECENT_SPLIT_CALLS) {
            val call = SplitCall(100_000 + 50_000 + 10_000, 100_000, tasks = 2, threads = 2, poolStartNanos = 100_000)
            planner.recordSplit(key, DECODE, 50_000, call)
        }
        assertThat(planner.costs.overheadNanos).`as`("the wait for the pool is not overhead").isEqualTo(10_000.0)
        assertThat(planner.costs.poolStartNanos).isEqualTo(100_000.0)
        // The calling thread alone reads two thirds of the text before the pool begins: the rest, split, gains nothing.
        assertThat(planner.splitsText(key, 75_000)).isFalse()
        assertThat(planner.splitsText(key, 1_000_000)).isTrue()
    }

    /** Split calls of 2 ms of engine time whose threads held [cores], one every 10 ms for [millis]. */
    private fun SplitPlanner.splitCalls(cores: Double, millis: Int) = repeat(millis / 10) {
        nowNanos += 10_000_000
        recordSplit(key, DECODE, 1_000_000, SplitCall(1_100_000, 2_000_000, tasks = 16, threads = 2, cores = cores))
    }

    @Test
    fun `split calls whose threads took turns on one core for over a second keep the next texts whole`() {
        val planner = planner(nanosPerChar = 2.0, overheadNanos = 30_000)
        // Another process keeps one core of two busy: each split call's two threads run by turns on the other one.
        planner.splitCalls(cores = 0.95, millis = 1000)
        assertThat(planner.costs.shared()).`as`("a second of it: the JIT's, it may be").isFalse()
        assertThat(planner.splitsText(key, 1_000_000)).isTrue()
        planner.splitCalls(cores = 0.95, millis = 500)
        assertThat(planner.costs.usableThreads(2)).isEqualTo(1.0)
        // 2 ms alone; on one core 2 ms + 30 us + 62 us: declined, and tried again once 4 x 20 ms were declined (after
        // 40 texts), not 20 ms: each try costs more than the engine alone while the cores are shared.
        val decisions = List(45) { planner.splitsText(key, 1_000_000) }
        assertThat(decisions.indices.filter { decisions[it] }).containsExactly(40)
        // The tries that follow hold both cores: within a few tenths of a second the texts split again.
        planner.splitCalls(cores = 1.9, millis = 300)
        assertThat(planner.costs.usableThreads(2)).isEqualTo(2.0)
        assertThat(planner.splitsText(key, 1_000_000)).isTrue()
    }

    @Test
    fun `runs of calls on one core between calls on both, as while the JIT compiles, do not stop splitting`() {
        val planner = planner(nanosPerChar = 2.0, overheadNanos = 30_000)
        repeat(10) {
            planner.splitCalls(cores = 0.95, millis = 300)
            planner.splitCalls(cores = 1.95, millis = 200)
        }
        planner.splitCalls(cores = 0.95, millis = 300)
        assertThat(planner.costs.shared()).isFalse()
        assertThat(planner.splitsText(key, 1_000_000)).isTrue()
    }

    @Test
    fun `a split counts on every thread while its calls held within half a core of them, else on the cores held`() {
        val planner = planner(nanosPerChar = 2.0, overheadNanos = 30_000)
        assertThat(planner.costs.usableThreads(2)).`as`("nothing measured yet").isEqualTo(2.0)
        planner.splitCalls(cores = 1.6, millis = 2000)
        assertThat(planner.costs.usableThreads(2)).`as`("a pool thread's wake-up in short calls").isEqualTo(2.0)
        planner.splitCalls(cores = 1.3, millis = 2000)
        assertThat(planner.costs.usableThreads(2)).isEqualTo(1.3)
        assertThat(planner.costs.usableThreads(8)).`as`("of eight threads").isEqualTo(1.3)
        // 2 ms alone; on 1.3 cores 1.54 ms + 30 us + 62 us: not 1.25 times faster. 40 ms alone, in 152 tasks of
        // 128 K characters: 30.8 + 0.03 + 0.13 ms, 1.29 times faster.
        assertThat(planner.splitsText(key, 1_000_000)).isFalse()
        assertThat(planner.splitsText(key, 20_000_000)).isTrue()
    }

    @Test
    fun `a document's part begun ahead is decided by what such calls cost, learned from them`() {
        // 3 ns a character: a part of 30,000 characters takes 90 us alone. Until measured, a call is assumed to
        // cost 50 us beyond its work: 45 + 50 us, not 1.25 times faster.
        val planner = planner(nanosPerChar = 3.0, overheadNanos = 30_000)
        assertThat(planner.costs.aheadOverheadNanos).isEqualTo(50_000.0)
        assertThat(planner.splitsText(key, 30_000, ahead = true)).`as`("nothing measured yet").isFalse()
        // One document read in 70 us: its part's slices (100 us of engine time, 4 slices) on the pool and on the
        // calling thread, which read the rest of the document (20 us) and then took a slice: 60 us shared, 10 us more.
        planner.recordAhead(
            wallNanos = 70_000,
            callerNanos = 20_000,
            listOf(SplitCall(65_000, 100_000, tasks = 4, threads = 2, callerRan = true)),
        )
        assertThat(planner.costs.aheadOverheadNanos).isBetween(9_999.0, 10_001.0)
        assertThat(planner.costs.overheadNanos).`as`("a list's calls, measured apart").isBetween(29_000.0, 31_000.0)
        assertThat(planner.splitsText(key, 30_000, ahead = true)).`as`("45 + 10 us against 90").isTrue()
        assertThat(planner.splitsText(key, 30_000)).`as`("a list, two tasks: 45 + 30 us against 90").isFalse()
    }

    @Test
    fun `a document's part declined counts with the calls read whole after it towards trying a split again`() {
        // 90 us declined (50 us assumed for a call begun ahead), and the 32 calls of its kind then read whole without
        // a look: 2.97 ms a decline, 20 ms reached at the seventh, tried at the eighth.
        val documents = planner(nanosPerChar = 3.0, overheadNanos = 30_000)
        val decisions = List(16) {
            documents.splitsText(key, 30_000, ahead = true).also { split ->
                if (!split) documents.quietAfter(key, DECODE, 30_000)
            }
        }
        assertThat(decisions.indices.filter { decisions[it] }).containsExactly(7, 15)
        // A list's text declined stands for itself alone: 90 us a decline (45 + 30 us split).
        val lists = planner(nanosPerChar = 3.0, overheadNanos = 30_000)
        assertThat(List(12) { lists.splitsText(key, 30_000) }).containsOnly(false)
    }

    @Test
    fun `a document's part declined where another part of the call split counts as its own call alone`() {
        // No call of its kind goes whole without a look after one that split something: 90 us a decline, 20 ms
        // reached only after 223 of them.
        val documents = planner(nanosPerChar = 3.0, overheadNanos = 30_000)
        assertThat(List(14) { documents.splitsText(key, 30_000, ahead = true) }).containsOnly(false)
    }

    @Test
    fun `a list declined in a document that split nothing counts by the size its last encoding had`() {
        val documents = planner(nanosPerChar = 3.0, overheadNanos = 30_000)
        documents.quietAfterList(key, size = 100)
        assertThat(documents.costs.exploresAfterDeclining(0.0, 0.0)).`as`("no encoding of the key yet").isFalse()
        documents.rememberEncoded(key, chars = 700_000, size = 100)
        documents.quietAfterList(key, size = 100)
        // 7,000 characters an element, 100 of them at 3 ns each: 2.1 ms, for 32 calls: 67 ms, beyond 20 ms.
        assertThat(documents.costs.exploresAfterDeclining(0.0, 0.0)).isTrue()
    }

    @Test
    fun `a document whose slices all ran on the pool while the calling thread read the rest ran on two threads`() {
        val planner = planner(nanosPerChar = 3.0, overheadNanos = 30_000)
        repeat(RECENT_SPLIT_CALLS) {
            planner.recordSplit(key, DECODE, 1_000_000, SplitCall(2_030_000, 2_000_000, tasks = 16, threads = 1))
        }
        assertThat(planner.costs.threads).`as`("a starved pool").isEqualTo(1)
        val onPool = SplitCall(65_000, 100_000, tasks = 4, threads = 1, callerRan = false)
        val onCaller = SplitCall(120_000, 100_000, tasks = 4, threads = 1, callerRan = true)
        planner.recordAhead(wallNanos = 130_000, callerNanos = 10_000, listOf(onCaller))
        assertThat(planner.costs.threads).`as`("every slice on the calling thread").isEqualTo(1)
        planner.recordAhead(wallNanos = 70_000, callerNanos = 20_000, listOf(onPool))
        assertThat(planner.costs.threads).`as`("every slice on the pool's thread").isEqualTo(2)
    }

    @Test
    fun `a declined split is tried again once enough work ran on one thread, so a stale overhead is measured anew`() {
        // 2 ns a character; an overhead of 1 ms measured once: a text of 2 ms alone (1 ms + 1 ms + 62 us split)
        // stays alone...
        val planner = planner(nanosPerChar = 2.0, overheadNanos = 1_000_000)
        val decisions = List(40) { planner.splitsText(key, 1_000_000) }
        // ...until 64 ms of engine time (64 times the overhead) ran alone: the 33rd such text is split.
        assertThat(decisions.indices.filter { decisions[it] }).containsExactly(32)
        // A starved pool (5 ms overhead) is tried only after 64 x 5 ms: at most about 1/64 of the time lost.
        val starved = planner(nanosPerChar = 2.0, overheadNanos = 5_000_000)
        assertThat(List(100) { starved.splitsText(key, 1_000_000) }.count { it }).isZero()
    }

    @Test
    fun `without adaptive splitting every text from the minimum on is split, whatever the costs`() {
        val fixed = planner(nanosPerChar = 0.001, overheadNanos = 5_000_000, adaptive = false, minParallelChars = 1000)
        assertThat(fixed.splitsText(key, 999)).isFalse()
        assertThat(fixed.splitsText(key, 1000)).isTrue()
    }

    @Test
    fun `tasks carry at least about 50 us of engine time, one per thread at least, eight per thread at most`() {
        val text = "[" + List(20_000) { "1234567" }.joinToString(",") + "]"
        assertThat(planner(nanosPerChar = 1.0, overheadNanos = 1).slices(key, text, guess = false)!!.sliceCount)
            .`as`("160 us of engine time").isEqualTo(3)
        assertThat(planner(nanosPerChar = 0.01, overheadNanos = 1).slices(key, text, guess = false)!!.sliceCount)
            .`as`("1.6 us of engine time").isEqualTo(2)
        assertThat(planner(nanosPerChar = 100.0, overheadNanos = 1).slices(key, text, guess = false)!!.sliceCount)
            .`as`("16 ms of engine time").isEqualTo(16)
    }
}
