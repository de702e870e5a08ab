package serialbench.measure

import kotlinx.serialization.Serializable
import java.lang.management.ManagementFactory
import java.util.SplittableRandom
import kotlin.math.abs

/**
 * Where in the young generation's cycle a series' timed calls begin. Each warm-up ends with a full GC, so every series
 * would otherwise begin with an empty young generation: a codec whose timed calls of a fork allocate a little less
 * than it holds would never be collected while timed, one that allocates a little more would be collected once in
 * every fork, and the young collection of a large document costs hundreds of milliseconds (the live part of the
 * document being read is copied). In a long run a call pays its allocation's share of a collection; here, before the
 * timed calls, garbage fills the young generation to a random place in its cycle ([begin]), so that over the forks a
 * collection falls within a series' timed calls as often as their allocation says, at an even place among them.
 * Their allocation is the young generation's, read over the warm-up's calls ([reading]): a large array a collector
 * puts outside it (G1's humongous objects) does not bring its collection nearer.
 *
 * The young generation's size is measured (garbage allocated from empty until a young collection), and again where the
 * collector has resized it since ([edenCommitted] moved by more than a tenth) or a fill met a collection; a JVM given
 * the measurement of another with the same flags ([measured], a fork the one of the fork before) measures only where
 * its own eden differs so. Nothing moves
 * where the JVM does not count young collections apart ([youngCollections] `null`), nor, from then on, where it did not
 * collect within [maxSearchBytes]. Collections that large arrays outside the young generation bring on (G1's
 * humongous allocations filling the old generation up to where it starts a cycle) still begin their count at the full
 * GC. Not thread safe: one series at a time.
 */
class GcPhase(
    /** A uniform draw from [0, 1): each series' own place in the cycle. */
    private val random: () -> Double = SplittableRandom()::nextDouble,
    /** The young collections so far, or `null` where the JVM does not count them apart from full ones. */
    private val youngCollections: () -> Long? = ::readYoungCollections,
    /** The bytes the young generation's allocation space (eden) holds now, or `null` where the JVM does not tell. */
    private val edenUsed: () -> Long? = ::readEdenUsed,
    /** Allocates [bytes] of garbage on the heap. */
    private val allocate: (bytes: Int) -> Unit = ::garbage,
    /** The bytes the collector has set aside for eden now, or `null`: it moves where the collector resizes it. */
    private val edenCommitted: () -> Long? = ::readEdenCommitted,
    /** The most garbage allocated while looking for a young collection before giving up. */
    private val maxSearchBytes: Long = 2 * Runtime.getRuntime().maxMemory(),
    /**
     * The young generation as another JVM with the same flags measured it, or `null`: each measurement allocates the
     * young generation's size (4 GiB, 0.6 s, in a fork of a run at 100,000 objects on the 2-core machine).
     */
    given: Measured? = null,
) {
    /** The young generation's size as last measured, or `null` until measured (again). */
    private var youngBytes: Long? = given?.youngBytes

    /** [edenCommitted] when [youngBytes] was measured. */
    private var committedAtMeasure: Long? = given?.edenCommittedBytes

    /** How many times this instance measured the young generation (a test reads it). */
    var measurements: Int = 0
        private set

    /** The young generation as last measured here or given, for the next JVM; `null` until measured. */
    val measured: Measured?
        get() = youngBytes?.let { Measured(it, committedAtMeasure) }

    /** A young generation's measured size, with the bytes the collector had set aside for eden then. */
    @Serializable
    class Measured(val youngBytes: Long, val edenCommittedBytes: Long? = null)

    /** Whether a search for a young collection found none: nothing moves from then on. */
    private var uncollected = false

    /** Fills that met a young collection: the young generation had shrunk since it was measured (a test reads it). */
    var collectedWhileFilling: Int = 0
        private set

    /**
     * The series whose timed calls began at a place drawn in the young generation's cycle (a fill, or by the draw none):
     * 0 where the JVM does not count young collections apart, whose every series began with an empty young generation.
     */
    var seriesPlaced: Int = 0
        private set

    /** The young generation's allocation and collections at one moment, to tell what calls allocated there. */
    class Reading(val edenUsedBytes: Long, val youngCollections: Long)

    /** The young generation now, or `null` where the JVM does not tell. */
    fun reading(): Reading? {
        val collections = youngCollections() ?: return null
        return Reading(edenUsed() ?: return null, collections)
    }

    /**
     * Fills the young generation, emptied by a full GC, with garbage up to a random place in its cycle, for [timedCalls]
     * calls that each allocate there as much as [calls] calls did from [from] to [to]: where the timed calls allocate
     * at least its size, a place drawn evenly across the cycle; where they allocate less (a share of it), with that
     * share's chance, a place that puts the next collection at an even place among them, else none (no collection
     * falls within them either way).
     */
    fun begin(from: Reading, to: Reading, calls: Int, timedCalls: Long) {
        val collected = to.youngCollections - from.youngCollections
        val used = to.edenUsedBytes - from.edenUsedBytes
        if (calls <= 0 || timedCalls <= 0 || uncollected || (collected == 0L && used <= 0)) return
        val young = youngBytes?.takeIf { !resized() } ?: measureYoung() ?: return
        youngBytes = young
        val timedBytes = (collected * young + used).coerceAtLeast(0) / calls * timedCalls
        if (timedBytes <= 0) return
        seriesPlaced++
        val fill = when {
            timedBytes >= young -> (random() * young).toLong()
            random() * young < timedBytes -> young - (random() * timedBytes).toLong()
            else -> 0L
        }
        if (fill == 0L) return
        val before = youngCollections() ?: return
        allocateGarbage(fill, before)
        if (youngCollections() != before) {
            collectedWhileFilling++
            youngBytes = null
        }
    }

    /**
     * Measures the young generation ahead of the first series (unless one given fits this JVM's eden), and fills a
     * little garbage many times, so that the JIT compiles the code that fills it while the JVM warms up, not during a
     * series' timed calls: a fill's loop compiled there took the second core of two from a parallel codec's split
     * calls in the forks it happened in.
     */
    fun prepare() {
        if ((youngBytes == null || resized()) && !uncollected) youngBytes = measureYoung()
        val collections = youngCollections() ?: return
        // a fill calls the loop afresh: compiled here as a method, not only within the measurement's one long call,
        // and over whole chunks and a part of one, as fills of any size take them: compiled for short fills alone
        // (a young generation given, not measured), the first long one made its code invalid and the JIT compiled it
        // again during that series' timed calls
        repeat(PREPARE_CALLS) { call ->
            val long = call % PREPARE_LONG_EVERY == 0
            allocateGarbage(if (long) PREPARE_LONG_BYTES else PREPARE_CALL_BYTES, collections)
        }
    }

    /** Whether eden's committed size moved by more than a tenth since the young generation was measured. */
    private fun resized(): Boolean {
        val then = committedAtMeasure ?: return false
        val now = edenCommitted() ?: return false
        return abs(now - then) * RESIZED_PARTS > then
    }

    /** Garbage allocated from an empty young generation until it is collected; `null` where it is not, in reach. */
    private fun measureYoung(): Long? {
        measurements++
        committedAtMeasure = edenCommitted()
        val start = youngCollections() ?: return null
        val bytes = allocateGarbage(maxSearchBytes, start)
        if (youngCollections() == start) {
            uncollected = true
            return null
        }
        return bytes
    }

    /**
     * Garbage up to [bytes], in chunks, until a young collection after the [collections] counted before: the bytes
     * allocated (the chunk that met it included). One loop for measuring and filling, compiled once.
     */
    private fun allocateGarbage(bytes: Long, collections: Long): Long {
        var allocated = 0L
        while (allocated < bytes && youngCollections() == collections) {
            val chunk = minOf(bytes - allocated, CHUNK_BYTES.toLong()).toInt()
            allocate(chunk)
            allocated += chunk
        }
        return allocated
    }

    companion object {
        /** Garbage comes in arrays of this size: below any collector's limit for a large object (half a region). */
        const val CHUNK_BYTES = 64 * 1024

        /** The collectors whose count is the young generation's: G1's, Parallel's, Serial's. */
        private val YOUNG_COLLECTORS = setOf("G1 Young Generation", "PS Scavenge", "Copy")

        /** Their young generations' allocation spaces. */
        private val EDEN_POOLS = setOf("G1 Eden Space", "PS Eden Space", "Eden Space")

        @Volatile
        private var sink: Any? = null

        /** An array of [bytes] (its header included) kept nowhere but in [sink]: the JIT cannot remove it. */
        private fun garbage(bytes: Int) {
            sink = ByteArray(maxOf(0, bytes - ARRAY_HEADER_BYTES))
        }

        private const val ARRAY_HEADER_BYTES = 16

        /** Short fills [prepare] makes, for the JIT to compile a fill's code as it is called. */
        private const val PREPARE_CALLS = 20_000

        private const val PREPARE_CALL_BYTES = 1_024L

        /** One short fill in this many is a long one, of [PREPARE_LONG_BYTES]. */
        private const val PREPARE_LONG_EVERY = 10

        /** A long fill: whole chunks, then a part of one. */
        private const val PREPARE_LONG_BYTES = 2L * CHUNK_BYTES + PREPARE_CALL_BYTES

        /** A move of eden's committed size by more than one part in this many is a resize. */
        private const val RESIZED_PARTS = 10

        private val youngCollectors = ManagementFactory.getGarbageCollectorMXBeans().filter {
            it.name in YOUNG_COLLECTORS
        }

        private fun readYoungCollections(): Long? =
            if (youngCollectors.isEmpty()) null else youngCollectors.sumOf { it.collectionCount.coerceAtLeast(0) }

        private val eden = ManagementFactory.getMemoryPoolMXBeans().firstOrNull { it.name in EDEN_POOLS }

        private fun readEdenUsed(): Long? = eden?.usage?.used

        private fun readEdenCommitted(): Long? = eden?.usage?.committed
    }
}
