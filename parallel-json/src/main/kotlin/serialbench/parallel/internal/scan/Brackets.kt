package serialbench.parallel.internal.scan

/**
 * The brackets of a split text: an array's elements, or an object's members (the entries of a map), which are
 * split, cut and joined the same way.
 */
internal enum class Brackets(val open: Char, val close: Char) {
    ARRAY('[', ']'),
    OBJECT('{', '}'),
}
