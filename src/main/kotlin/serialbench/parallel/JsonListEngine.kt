package serialbench.parallel

/**
 * A single-threaded JSON engine for lists of [T], which [ParallelJsonArrays] drives one chunk or slice at a time.
 *
 * Contract, relied on for byte-identical output: [encodeList] renders a list the same way whatever its
 * length, as `[`, the elements separated by `,` (each element's text not depending on its index, only on
 * its own value), and `]`, with whitespace allowed after `[` and before `]`. [decodeList] accepts exactly
 * the texts the engine itself accepts for a whole list and throws on anything else; it must never return a
 * partial list. Both are called from several threads at once.
 */
interface JsonListEngine<T> {
    /** Name used in error messages, e.g. "kotlinx Json". */
    val name: String

    fun encodeList(elements: List<T>): String

    fun decodeList(text: String): List<T>
}
