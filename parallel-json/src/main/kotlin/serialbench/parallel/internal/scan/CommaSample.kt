package serialbench.parallel.internal.scan

/**
 * The top-level commas of a large array or object as its elements are read one by one ([ArrayOutline.elementsEnd]),
 * each with the number of elements before it, and the [total]: enough to cut the value into up to [MAX_COMMAS] + 1
 * slices near evenly spaced offsets without reading it again. At most [MAX_COMMAS] are kept, spread evenly: when the
 * sample is full, every other comma is dropped, and from then on only every other one of those that would have been
 * kept is. Not thread safe.
 */
internal class CommaSample : OutlineScanner.Listener {
    private var commas = IntArray(INITIAL_SIZE)
    private var elementsBefore = IntArray(INITIAL_SIZE)
    private var size = 0

    /** Every how many commas one is kept, and how many more until the next one is. */
    private var stride = 1
    private var untilKept = 1

    /** The number of elements in the value, once it has been read to its closing bracket; -1 before. */
    var total: Int = -1

    override fun comma(pos: Int, elementsBefore: Int): Boolean {
        add(pos, elementsBefore)
        return false
    }

    /** A top-level comma at [comma], after [before] elements. */
    fun add(comma: Int, before: Int) {
        if (--untilKept > 0) return
        untilKept = stride
        if (size == MAX_COMMAS) {
            for (i in 0 until size / 2) {
                commas[i] = commas[2 * i + 1]
                elementsBefore[i] = elementsBefore[2 * i + 1]
            }
            size /= 2
            stride *= 2
            // This comma lies halfway between two kept at the new stride.
            untilKept = stride / 2
            return
        }
        if (size == commas.size) {
            commas = commas.copyOf(size * 2)
            elementsBefore = elementsBefore.copyOf(size * 2)
        }
        commas[size] = comma
        elementsBefore[size++] = before
    }

    /** The commas kept, with the number of elements before each and in all: the value must have been read whole. */
    fun cuts(): ArrayOutline.ExactCuts {
        check(total >= 0) { "the value was not read to its end" }
        return ArrayOutline.ExactCuts(commas.copyOf(size), elementsBefore.copyOf(size), total)
    }

    companion object {
        /** The most commas kept for one value. */
        const val MAX_COMMAS = 4096

        private const val INITIAL_SIZE = 64
    }
}
