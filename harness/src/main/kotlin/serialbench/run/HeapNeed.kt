package serialbench.run

/**
 * The heap the largest payload of a run needs ([bytes], by [HeapCheck]'s rules), what makes it ([what], e.g.
 * `bench.sizes=100000 (shape flat)`) and the options that would lower it ([lower]).
 */
data class HeapNeed(val bytes: Long, val what: String, val lower: List<String>) {
    init {
        require(bytes >= 0) { "needed heap < 0: $bytes" }
    }
}
