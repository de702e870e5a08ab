package serialbench.parallel

import serialbench.parallel.internal.split.Fallback

/**
 * How often the calls of one [ParallelJson], [ParallelJsonLists] or [ParallelJsonDocuments] fell back so far, by
 * reason: where a split path read part or all of its input again. Each is a named condition; any other failure on a
 * split path is thrown, never retried in silence. Reading whole what is not worth splitting (a small input, a document
 * without a large list or map, the cases the README lists) is not a fallback; [ParallelJson.splits] counts it. A
 * snapshot, for logs and metrics: taken by [ParallelJson.fallbacks], it does not change afterwards.
 */
public class ParallelJsonFallbacks internal constructor(count: (Fallback) -> Long) {
    /** A large list's or map's slices, cut at guessed places, did not decode: it was read again at exact cuts. */
    public val guessedCutsMissed: Long = count(Fallback.GUESSED_CUTS_MISSED)

    /**
     * A document's large member, its end guessed from the rest of the text (the first time a member is read, its end
     * is guessed as the text's last; it may be another member's), did not decode, and its value ends elsewhere: the
     * whole document was read again (by `Json`, or [ParallelJsonDocuments]' engine), and that member's end is guessed
     * otherwise from then on.
     */
    public val guessedEndMissed: Long = count(Fallback.GUESSED_END_MISSED)

    /**
     * A large list's or map's slices did not decode even at exact cuts (an invalid text): the engine read the list
     * or map whole, for its own value or failure.
     */
    public val slicesFailed: Long = count(Fallback.SLICES_FAILED)

    /**
     * [ParallelJsonLists], [ParallelJsonDocuments]: the engine read the whole text where a slice of it had failed at
     * exact cuts, its reading depending on more than the slice's elements (fastjson2 2.0.64 refuses base64 in some
     * texts of ASCII only that it reads within a longer text holding other characters): the whole reading's list is the
     * result. ParallelJson's own engine reads a slice as the whole text would, so there such a failure is thrown, never
     * read again.
     */
    public val engineReadWhole: Long = count(Fallback.ENGINE_READ_WHOLE)

    /**
     * A document read in parts failed (an invalid text), or one written in parts failed with a `SerializationException`
     * (a value `Json` refuses): `Json` read or wrote the whole document, for its own result or failure
     * ([ParallelJsonDocuments]: the engine read it whole).
     */
    public val documentFailed: Long = count(Fallback.DOCUMENT_FAILED)

    /**
     * A class's serializer did not read or write a large member as its descriptor said it would (a custom
     * serializer on the way): `Json` read or wrote the whole document.
     */
    public val serializerNotFollowed: Long = count(Fallback.SERIALIZER_NOT_FOLLOWED)

    /**
     * Encoding: a string of the document held the marker of a large member's text, or a pretty-printed marker stood at
     * another depth than its member's text was written for, so `Json` wrote the document whole.
     */
    public val markerInText: Long = count(Fallback.MARKER_IN_TEXT)

    /**
     * A lenient `Json`'s text was refused by the strict reading that splits it (an unquoted string, a trailing
     * comma, or an invalid text): the lenient `Json` read it whole.
     */
    public val lenientText: Long = count(Fallback.LENIENT_TEXT)

    /**
     * Encoding: a large map gave other than its size's worth of entries while its chunks were written (it changed
     * while written, or its size disagrees with its entries): the chunks were cancelled and it was written whole.
     */
    public val mapChanged: Long = count(Fallback.MAP_CHANGED)

    /** All fallbacks, whatever their reason. */
    public val total: Long = Fallback.entries.sumOf(count)

    /** Every reason with its count, for logs. */
    override fun toString(): String =
        "ParallelJsonFallbacks(guessedCutsMissed=$guessedCutsMissed, guessedEndMissed=$guessedEndMissed, " +
            "slicesFailed=$slicesFailed, engineReadWhole=$engineReadWhole, documentFailed=$documentFailed, " +
            "serializerNotFollowed=$serializerNotFollowed, markerInText=$markerInText, lenientText=$lenientText, " +
            "mapChanged=$mapChanged)"
}
