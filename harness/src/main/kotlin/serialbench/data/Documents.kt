package serialbench.data

/**
 * What a shape made of one document (a JSON file whose top level is an object, `bench.model`) carries: its only size
 * is a list of one, which every codec that can measures as the document itself (`codec.DocumentAsList`): no list of
 * one, no brackets. The report calls it "document".
 */
object Documents {
    /** Present, and true, on a shape made of one document. */
    val ONE_DOCUMENT = ShapeKey<Boolean>("one document, measured as the document itself")
}

/** Whether this shape is made of one document ([Documents.ONE_DOCUMENT]). */
val Shape<*>.isOneDocument: Boolean get() = extension(Documents.ONE_DOCUMENT) == true
