package serialbench.codecs.paralleljson

import serialbench.codec.SplitCount
import serialbench.codec.SplitCounting
import serialbench.parallel.ParallelJsonSplits

/** The split choices of a ParallelJson instance, as [snapshot] reads them (`ParallelJson.splits`, ...). */
class ParallelJsonSplitCounting(private val snapshot: () -> ParallelJsonSplits) : SplitCounting {
    override fun encoded(): SplitCount = snapshot().let { SplitCount(it.encodedInChunks, it.encodedWhole) }

    override fun decoded(): SplitCount = snapshot().let { SplitCount(it.decodedInSlices, it.decodedWhole) }
}
