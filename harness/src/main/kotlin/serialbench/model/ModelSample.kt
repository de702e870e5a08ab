package serialbench.model

import serialbench.results.FileOutline

/**
 * What a model shape is made of: the class's name, the file's outline, the classpath entries as given, the codec
 * that decoded the reference objects, and the file as a JSON array of elements ([listText]: the file itself, or
 * the document in brackets), which the JSON codecs decode to be compared with the reference ([isArray] false).
 */
class ModelSample(
    val className: String,
    val file: FileOutline,
    val classpath: List<String>,
    val referenceCodec: String,
    val isArray: Boolean,
    val listText: String,
) {
    /** The file's own text: [listText] without the brackets put around a document (a copy, made outside timing). */
    val fileText: String get() = if (isArray) listText else listText.substring(1, listText.length - 1)
}
