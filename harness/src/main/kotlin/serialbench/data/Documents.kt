package serialbench.data

/**
 * What a shape made of one document (a JSON file whose top level is an object, `bench.model`) carries: its size of
 * one is a list of one document, which every codec measures as such, and which a codec that reads documents whole
 * (ParallelJson, splitting the large members inside it) may measure as the document itself inside the brackets.
 */
object Documents {
    /** Present, and true, on a shape whose elements are copies of one document. */
    val ONE_DOCUMENT = ShapeKey<Boolean>("one document, measured as a list of one")
}
