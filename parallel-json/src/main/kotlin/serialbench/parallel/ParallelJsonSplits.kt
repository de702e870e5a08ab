package serialbench.parallel

import serialbench.parallel.internal.split.Split

/**
 * What one [ParallelJson], [ParallelJsonLists] or [ParallelJsonDocuments] did so far with the lists and maps long
 * enough to split (`minParallelChars` characters or more, with a parallelism above 1): how many it split on the pool
 * and how many it read or wrote whole because splitting was predicted not to gain (`adaptiveSplit`). A whole list
 * counts once per call; a document counts each of its large members. Shorter ones, calls made inside the layer's own
 * tasks, and streams read in batches are not counted. Where a split then fell back, [ParallelJson.fallbacks] says so.
 * A snapshot, for logs and metrics: taken by [ParallelJson.splits], it does not change afterwards.
 */
public class ParallelJsonSplits internal constructor(count: (Split) -> Long) {
    /** Lists and maps encoded in chunks on the pool. */
    public val encodedInChunks: Long = count(Split.ENCODED_IN_CHUNKS)

    /** Lists and maps long enough to split that were encoded whole, splitting predicted not to gain. */
    public val encodedWhole: Long = count(Split.ENCODED_WHOLE)

    /** Lists and maps whose text was decoded in slices on the pool. */
    public val decodedInSlices: Long = count(Split.DECODED_IN_SLICES)

    /** Lists and maps long enough to split whose text was decoded whole, splitting predicted not to gain. */
    public val decodedWhole: Long = count(Split.DECODED_WHOLE)

    /** Every count, for logs. */
    override fun toString(): String =
        "ParallelJsonSplits(encodedInChunks=$encodedInChunks, encodedWhole=$encodedWhole, " +
            "decodedInSlices=$decodedInSlices, decodedWhole=$decodedWhole)"
}
