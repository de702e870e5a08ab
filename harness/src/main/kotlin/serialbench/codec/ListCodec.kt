package serialbench.codec

/**
 * Turns a whole list of [T] into one [Payload] and back: the operation the benchmark times.
 *
 * Contract:
 * - `decode(encode(objects)) == objects` for every list, including the empty list and adversarial strings.
 * - [encode] returns the same payload for equal input: a codec is deterministic.
 * - Thread safe: one instance may be used from several threads at once.
 * - [decode] returns a list whose every element is a non-null instance of the shape's element class, or throws
 *   ([WrongElementTypeException] when the library built something else: a JSON `null`, or the classes a corrupt Fory
 *   payload declares). Inside an element the library's own checks apply: the reflective JSON libraries (Jackson,
 *   fastjson2, DSL-JSON, Gson, Moshi) accept a JSON `null` inside a `List<String>`, and Gson leaves a property
 *   the payload lacks at `null`; the kotlinx and protobuf codecs cannot build such elements.
 * - [decode] of a payload cut short anywhere throws: never a partial list. The protobuf codecs end each payload
 *   with its element count to keep this ([ProtobufChecks]); every other format here has an end the parser checks.
 * - [decode] of a payload that is not a valid encoding of a list of [T] throws an exception naming what is wrong
 *   (for JSON, the library's own exception with the offset where it gives one). A payload damaged into another
 *   valid encoding (a changed character in a string, a changed number) decodes to that other list: no format here
 *   carries a checksum. Where the formats are lenient: invalid UTF-8 in a string is refused by both protobuf
 *   codecs (`kotlinx-protobuf` through [StrictUtf8String]), decoded to U+FFFD by `kotlinx-cbor` and, before the
 *   codec sees it, by every codec that reads text (`Payload.toText`), and read as other characters by DSL-JSON and
 *   Fory; fields a schema does not know are refused by `protobuf` and skipped by `kotlinx-protobuf` (the library
 *   offers no way to see them), as fastjson2, DSL-JSON, Gson and Moshi skip unknown JSON keys.
 *
 * The Robustness table of the report counts, per codec, what each kind of damage actually does.
 */
interface ListCodec<T : Any> {
    fun encode(objects: List<T>): Payload

    fun decode(payload: Payload): List<T>
}
