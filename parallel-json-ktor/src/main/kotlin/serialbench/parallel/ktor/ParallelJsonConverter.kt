package serialbench.parallel.ktor

import io.ktor.http.ContentType
import io.ktor.http.content.ByteArrayContent
import io.ktor.http.content.OutgoingContent
import io.ktor.http.withCharsetIfNeeded
import io.ktor.serialization.Configuration
import io.ktor.serialization.ContentConverter
import io.ktor.serialization.JsonConvertException
import io.ktor.util.reflect.TypeInfo
import io.ktor.utils.io.ByteReadChannel
import io.ktor.utils.io.toByteArray
import java.nio.charset.Charset
import kotlin.reflect.KType
import kotlinx.serialization.KSerializer
import kotlinx.serialization.SerializationException
import kotlinx.serialization.serializer
import serialbench.parallel.ParallelJson

/**
 * A Ktor [ContentConverter] for JSON lists: a `List<T>` body is encoded and decoded by [parallel] (several
 * threads, the bytes and failures of its `Json`). A request body is read whole by suspending, so a client that
 * sends slowly holds no thread while it does, then decoded. Anything that is not a list is left to the next
 * converter registered for the content type (serialize and deserialize return null), so register this one first
 * and kotlinx's `json()` after it:
 * ```
 * install(ContentNegotiation) {
 *     parallelJson(parallel)
 *     json(parallel.json)
 * }
 * ```
 * Element serializers come from [parallel]'s `Json.serializersModule`. A body that is not a JSON list of the
 * element type fails with [JsonConvertException] (a Ktor server answers 400), its message that of `Json`,
 * naming the offset. The converter does not close [parallel]; its owner does, after the server or client stops.
 */
public class ParallelJsonConverter(private val parallel: ParallelJson) : ContentConverter {
    override suspend fun serialize(contentType: ContentType, charset: Charset, typeInfo: TypeInfo, value: Any?): OutgoingContent? {
        val element = elementSerializer(typeInfo) ?: return null
        if (value !is List<*>) return null
        @Suppress("UNCHECKED_CAST")
        val list = value as List<Any?>
        val bytes = if (charset == Charsets.UTF_8) {
            parallel.encodeToByteArraySuspending(element, list)
        } else {
            parallel.encodeToStringSuspending(element, list).toByteArray(charset)
        }
        return ByteArrayContent(bytes, contentType.withCharsetIfNeeded(charset))
    }

    override suspend fun deserialize(charset: Charset, typeInfo: TypeInfo, content: ByteReadChannel): Any? {
        val element = elementSerializer(typeInfo) ?: return null
        // The body is read by suspending, so a client that sends slowly holds no thread while it does.
        val bytes = content.toByteArray()
        return try {
            if (charset == Charsets.UTF_8) {
                parallel.decodeFromByteArraySuspending(element, bytes)
            } else {
                parallel.decodeFromStringSuspending(element, String(bytes, charset))
            }
        } catch (e: SerializationException) {
            throw JsonConvertException("Illegal JSON list of ${element.descriptor.serialName}: ${e.message}", e)
        }
    }

    /** The element serializer when [typeInfo] is a `List<T>` (or `Collection`, `Iterable`) with a known `T`; else null. */
    private fun elementSerializer(typeInfo: TypeInfo): KSerializer<Any?>? {
        val type: KType = typeInfo.kotlinType ?: return null
        if (type.classifier !in LIST_TYPES) return null
        val elementType = type.arguments.singleOrNull()?.type ?: return null
        @Suppress("UNCHECKED_CAST")
        return parallel.json.serializersModule.serializer(elementType) as KSerializer<Any?>
    }

    private companion object {
        val LIST_TYPES = setOf(List::class, Collection::class, Iterable::class)
    }
}

/** Registers a [ParallelJsonConverter] over [parallel] for [contentType] (JSON by default), on a Ktor server or client. */
public fun Configuration.parallelJson(parallel: ParallelJson, contentType: ContentType = ContentType.Application.Json) {
    register(contentType, ParallelJsonConverter(parallel))
}
