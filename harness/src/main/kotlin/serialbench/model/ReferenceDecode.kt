package serialbench.model

import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.json.Json
import serialbench.codecs.jackson.JacksonCodec

/**
 * The user's data as the objects every codec is measured on: the file decoded by kotlinx `Json` (its defaults)
 * where the class is `@Serializable`, else by Jackson as the `jackson` codec is configured (its Kotlin and `java.time`
 * modules), the two ways most services bind JSON to their classes. A file that does not match the type fails with that
 * library's message, which names the offset (kotlinx) or the line and column (Jackson) and the path.
 */
internal object ReferenceDecode {
    /** Which library decoded the reference objects, by codec id. */
    fun codecOf(type: ModelType<*>): String = if (type.serializer != null) KOTLINX_JSON else JACKSON

    /**
     * [text], the file's JSON (an array of the type's elements, or one of them where not [isArray]), decoded as the
     * list of its elements, or a [ModelException] naming the file's problem. A top-level object is read as itself, not
     * as an array of one, so that the offset (or the line and column) and the path of a failure are the file's.
     */
    fun <T : Any> decode(type: ModelType<T>, text: String, isArray: Boolean, describeFile: String): List<T> {
        val serializer = type.serializer
        return try {
            if (serializer != null) {
                if (isArray) {
                    Json.decodeFromString(ListSerializer(serializer), text)
                } else {
                    listOf(Json.decodeFromString(serializer, text))
                }
            } else {
                val mapper = JacksonCodec.mapper()
                if (isArray) {
                    mapper.readerFor(mapper.typeFactory.constructCollectionType(List::class.java, type.type))
                        .readValue<List<T>>(text)
                } else {
                    listOf(mapper.readerFor(type.type).readValue<T>(text))
                }
            }
        } catch (e: ExceptionInInitializerError) {
            throw ModelException(
                "$describeFile cannot be read as ${ModelOptions.MODEL}=${type.type.name}: a class of its objects " +
                    "fails to load: ${ModelType.initializerFailure(e)}",
                e,
            )
        } catch (e: Exception) {
            val firstLines = e.message.orEmpty().lineSequence().take(2).joinToString(" ").take(MESSAGE_CHARS)
            throw ModelException(
                "$describeFile does not match ${ModelOptions.MODEL}=${type.type.name}: ${codecOf(type)} reading it " +
                    "fails: ${e.javaClass.simpleName}: $firstLines",
                e,
            )
        }
    }

    const val KOTLINX_JSON = "kotlinx-json"
    const val JACKSON = "jackson"
    private const val MESSAGE_CHARS = 400
}
