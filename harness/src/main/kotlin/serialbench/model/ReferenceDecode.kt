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

    /** [listText] (a JSON array of the type's elements) decoded, or a [ModelException] naming the file's problem. */
    fun <T : Any> decode(type: ModelType<T>, listText: String, describeFile: String): List<T> {
        val serializer = type.serializer
        return try {
            if (serializer != null) {
                Json.decodeFromString(ListSerializer(serializer), listText)
            } else {
                val mapper = JacksonCodec.mapper()
                mapper.readerFor(mapper.typeFactory.constructCollectionType(List::class.java, type.type))
                    .readValue<List<T>>(listText)
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
