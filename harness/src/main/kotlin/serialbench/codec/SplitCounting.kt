package serialbench.codec

/**
 * A list, document or tree codec that splits large lists and maps across threads (ParallelJson, and its layer over
 * fastjson2), and counts what it chose for each one long enough to split: split, or read or written whole where it
 * predicted no gain. Counts only grow; a benchmark reads them before and after its timed calls.
 */
interface SplitCounting {
    /** The lists and maps this codec's encoding split and wrote whole so far. */
    fun encoded(): SplitCount

    /** The lists and maps this codec's decoding split and read whole so far. */
    fun decoded(): SplitCount
}

/**
 * What this list codec, or the document codec it carries ([DocumentAsList]: the large members of a one-document
 * shape), chose for the lists and maps it splits; null for a codec that does not split.
 */
val ListCodec<*>.splitCounting: SplitCounting?
    get() = (this as? DocumentAsList<*>)?.document as? SplitCounting ?: this as? SplitCounting

/** Lists and maps long enough to split: [split] across threads, read or written [whole] by choice. */
data class SplitCount(val split: Long, val whole: Long) {
    operator fun minus(earlier: SplitCount) = SplitCount(split - earlier.split, whole - earlier.whole)

    operator fun plus(other: SplitCount) = SplitCount(split + other.split, whole + other.whole)

    companion object {
        val NONE = SplitCount(0, 0)
    }
}
