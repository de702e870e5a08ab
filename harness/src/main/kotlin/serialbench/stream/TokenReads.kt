package serialbench.stream

import com.fasterxml.jackson.core.JsonParser
import com.fasterxml.jackson.core.JsonToken

/*
 * The reads a hand-written [TokenLoop] is made of: each moves the parser from a field name to that field's value
 * and checks its token, failing with the field's name and the token found.
 */

private fun JsonParser.value(field: String, vararg expected: JsonToken): JsonToken {
    val token = nextToken()
    if (token !in
        expected
    ) {
        throw IllegalArgumentException("field '$field': expected ${expected.joinToString(" or ")}, found $token")
    }
    return token
}

internal fun JsonParser.readString(field: String): String {
    value(field, JsonToken.VALUE_STRING)
    return text
}

/** A string that may be JSON `null`. */
internal fun JsonParser.readNullableString(field: String): String? =
    if (value(field, JsonToken.VALUE_STRING, JsonToken.VALUE_NULL) == JsonToken.VALUE_NULL) null else text

internal fun JsonParser.readInt(field: String): Int {
    value(field, JsonToken.VALUE_NUMBER_INT)
    return intValue
}

internal fun JsonParser.readLong(field: String): Long {
    value(field, JsonToken.VALUE_NUMBER_INT)
    return longValue
}

/** A number, written with or without a fraction. */
internal fun JsonParser.readDouble(field: String): Double {
    value(field, JsonToken.VALUE_NUMBER_FLOAT, JsonToken.VALUE_NUMBER_INT)
    return doubleValue
}

internal fun JsonParser.readBoolean(field: String): Boolean =
    value(field, JsonToken.VALUE_TRUE, JsonToken.VALUE_FALSE) == JsonToken.VALUE_TRUE

/** An enum constant written by its name. */
internal inline fun <reified E : Enum<E>> JsonParser.readEnum(field: String): E {
    val name = readString(field)
    return enumValues<E>().firstOrNull { it.name == name }
        ?: throw IllegalArgumentException("field '$field': '$name' is not one of ${enumValues<E>().joinToString(", ")}")
}

/** An array of strings. */
internal fun JsonParser.readStrings(field: String): List<String> = readList(field) { name ->
    if (currentToken() != JsonToken.VALUE_STRING) {
        throw IllegalArgumentException("field '$name': expected a string, found ${currentToken()}")
    }
    text
}

/** An array whose elements [element] reads, called with the parser on each element's first token. */
internal fun <T> JsonParser.readList(field: String, element: JsonParser.(field: String) -> T): List<T> {
    value(field, JsonToken.START_ARRAY)
    val list = ArrayList<T>()
    while (nextToken() != JsonToken.END_ARRAY) {
        if (currentToken() == null) throw IllegalArgumentException("field '$field': the input ends inside the array")
        list += element(field)
    }
    return list
}

/** An array of objects, each read by [loop]. */
internal fun <T : Any> JsonParser.readObjects(field: String, loop: TokenLoop<T>): List<T> = readList(field) {
    if (currentToken() != JsonToken.START_OBJECT) {
        throw IllegalArgumentException("field '$field': expected an object, found ${currentToken()}")
    }
    loop.read(this)
}

/** An object of string values. */
internal fun JsonParser.readStringMap(field: String): Map<String, String> {
    value(field, JsonToken.START_OBJECT)
    val map = LinkedHashMap<String, String>()
    while (true) {
        val key = nextFieldName() ?: break
        map[key] = readString("$field.$key")
    }
    if (currentToken() != JsonToken.END_OBJECT) {
        throw IllegalArgumentException(
            "field '$field': expected a key or the end of the object, found ${currentToken()}",
        )
    }
    return map
}

/**
 * Reads the fields of an object, the parser on its `START_OBJECT`: [field] is called with the parser on each
 * field's name and must read its value; returns with the parser on `END_OBJECT`.
 */
internal inline fun JsonParser.readFields(type: String, field: (name: String) -> Unit) {
    while (true) {
        val name = nextFieldName() ?: break
        field(name)
    }
    if (currentToken() != JsonToken.END_OBJECT) {
        throw IllegalArgumentException("expected a field name or the end of a $type, found ${currentToken()}")
    }
}

/** [value] of a field read, or a failure naming the [type] and the missing [field]. */
internal fun <T : Any> required(value: T?, type: String, field: String): T =
    value ?: throw IllegalArgumentException("$type without field '$field'")

internal fun unknownField(type: String, field: String): Nothing =
    throw IllegalArgumentException("unknown field '$field' in a $type")
