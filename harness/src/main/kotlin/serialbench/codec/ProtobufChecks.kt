package serialbench.codec

/**
 * What the protobuf codecs add to the format so that [ListCodec.decode] can refuse what Protocol Buffers accepts:
 * a message has no end marker (a payload cut after any element parses as the elements before the cut, and the empty
 * payload as the empty list), and a parser skips fields it does not know.
 *
 * Each protobuf list message ends with the element count (field 2 of the list message, written after the elements,
 * always present, even for 0). [requireCount] checks it.
 */
internal object ProtobufChecks {
    /**
     * @param declared the count the payload ends with, `null` if it has none.
     * @throws IllegalArgumentException if [declared] is missing or differs from the [decoded] element count.
     */
    fun requireCount(codecId: String, shapeId: String, declared: Int?, decoded: Int) {
        require(declared != null) {
            "codec $codecId, shape $shapeId: the payload has no element count after its $decoded elements: " +
                "it is cut short or was not made by this codec"
        }
        require(declared == decoded) {
            "codec $codecId, shape $shapeId: the payload declares $declared elements and holds $decoded: " +
                "it is cut short or corrupt"
        }
    }

    /**
     * @param unknownFieldNumbers the numbers of the fields the parser kept without knowing them, in [where].
     * @throws IllegalArgumentException if there are any.
     */
    fun requireNoUnknownFields(
        codecId: String,
        shapeId: String,
        unknownFieldNumbers: Collection<Int>,
        where: () -> String,
    ) {
        require(unknownFieldNumbers.isEmpty()) {
            "codec $codecId, shape $shapeId: the payload holds fields the schema does not know " +
                "(${unknownFieldNumbers.joinToString(", ")}) in ${where()}"
        }
    }
}
