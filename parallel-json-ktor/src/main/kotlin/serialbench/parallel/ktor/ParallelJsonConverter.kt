package serialbench.parallel.ktor

import io.ktor.http.ContentType
import io.ktor.http.content.ByteArrayContent
import io.ktor.http.content.OutgoingContent
import io.ktor.http.withCharset
import io.ktor.http.withCharsetIfNeeded
import io.ktor.serialization.Configuration
import io.ktor.serialization.ContentConverter
import io.ktor.serialization.JsonConvertException
import io.ktor.serialization.kotlinx.json.DefaultJson
import io.ktor.util.reflect.TypeInfo
import io.ktor.utils.io.ByteReadChannel
import io.ktor.utils.io.ByteWriteChannel
import io.ktor.utils.io.toByteArray
import io.ktor.utils.io.writeFully
import kotlinx.coroutines.CancellationException
import kotlinx.coroutines.coroutineScope
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.buffer
import kotlinx.coroutines.flow.produceIn
import kotlinx.coroutines.yield
import kotlinx.serialization.KSerializer
import kotlinx.serialization.SerializationException
import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.json.Json
import kotlinx.serialization.serializer
import kotlinx.serialization.serializerOrNull
import serialbench.parallel.ParallelJson
import serialbench.parallel.ParallelJsonBuilder
import java.nio.charset.Charset
import kotlin.reflect.KType

/**
 * A Ktor [ContentConverter] for JSON bodies of any serializable type, with the bytes and failures of
 * [parallel]'s `Json`: every body is encoded and decoded by [parallel], its large lists and maps (the body
 * itself, or members of its classes) on several threads, and a `Flow<T>` response is streamed as a JSON array, its
 * elements encoded in batches as they come. It replaces kotlinx's `json()` with the same `Json`, Ktor's `DefaultJson`
 * by default:
 * ```
 * install(ContentNegotiation) { parallelJson() }
 * ```
 * A request body is read whole by suspending, so a client that sends slowly holds no thread while it does, then
 * decoded; a `Sequence<T>` body is decoded as it is iterated. A body that does not decode fails with
 * [JsonConvertException] (a Ktor server answers 400), its cause the `Json`'s own exception, naming the offset, or
 * what a class threw on a value it refuses. A type with no serializer (nor, for a response, its value's class, which
 * `json()` falls back on) is left to the next converter (null). The converter does not close [parallel]; its owner
 * does, after the server or client stops.
 */
public class ParallelJsonConverter(private val parallel: ParallelJson) : ContentConverter {
    /**
     * [value] as JSON in [charset] through [parallel], a `Flow` streamed as an array in UTF-8; null when neither
     * [typeInfo] nor the value's class has a serializer.
     */
    override suspend fun serialize(
        contentType: ContentType,
        charset: Charset,
        typeInfo: TypeInfo,
        value: Any?,
    ): OutgoingContent? {
        val type = typeInfo.kotlinType
        if (type?.classifier == Flow::class && value is Flow<*>) {
            val element = elementSerializer(type) ?: return null
            // JSON streamed in one encoding from start to end: UTF-8, as RFC 8259 asks of JSON between systems.
            return FlowArrayContent(parallel, element, value, contentType.withCharset(Charsets.UTF_8))
        }
        val serializer = serializer(typeInfo) ?: guessedSerializer(value) ?: return null
        val text = parallel.encodeToStringSuspending(serializer, value)
        return ByteArrayContent(text.toByteArray(charset), contentType.withCharsetIfNeeded(charset))
    }

    /**
     * The body read from [content] as [typeInfo] through [parallel] (UTF-8 strictly: malformed bytes fail, naming
     * their offset); null when the type has no serializer.
     */
    override suspend fun deserialize(charset: Charset, typeInfo: TypeInfo, content: ByteReadChannel): Any? {
        val type = typeInfo.kotlinType
        if (type?.classifier == Sequence::class) return decodeSequence(type, charset, content)
        val serializer = serializer(typeInfo) ?: return null
        val bytes = content.toByteArray()
        return convertFailures(serializer) {
            if (charset == Charsets.UTF_8) {
                parallel.decodeFromByteArraySuspending(serializer, bytes)
            } else {
                parallel.decodeFromStringSuspending(serializer, String(bytes, charset))
            }
        }
    }

    /**
     * A `Sequence<T>` body, as Ktor's `json()` gives it: read whole by suspending (a slow client holds no thread,
     * neither the one that iterates), then its elements decoded as they are iterated ([ParallelJson.decodeToSequence],
     * in batches on several threads), from [charset]; null when `T` has no serializer.
     */
    private suspend fun decodeSequence(type: KType, charset: Charset, content: ByteReadChannel): Sequence<Any?>? {
        val element = elementSerializer(type) ?: return null
        val bytes = content.toByteArray()
        val utf8 = if (charset == Charsets.UTF_8) bytes else String(bytes, charset).encodeToByteArray()
        return convertFailures(element) { parallel.decodeToSequence(utf8.inputStream(), element) }
    }

    /**
     * Ktor's contract for a body that does not decode, whatever failed (the JSON, or a class refusing a value in
     * its constructor): a [JsonConvertException] whose cause is the failure. Cancellation passes unchanged.
     */
    private suspend fun <T> convertFailures(serializer: KSerializer<*>, decode: suspend () -> T): T = try {
        decode()
    } catch (e: CancellationException) {
        throw e
    } catch (e: Exception) {
        throw JsonConvertException("Illegal JSON for ${serializer.descriptor.serialName}: ${e.message}", e)
    }

    private fun serializer(typeInfo: TypeInfo): KSerializer<Any?>? = typeInfo.kotlinType?.let(::serializer)

    /**
     * The serializer of [value]'s class where its declared type has none (declared `Any`), as `json()` falls back on
     * the value's class; null for a value of a generic class (its type arguments are not known) or none.
     */
    @Suppress("UNCHECKED_CAST")
    private fun guessedSerializer(value: Any?): KSerializer<Any?>? =
        value?.let { parallel.json.serializersModule.serializerOrNull(it.javaClass) as KSerializer<Any?>? }

    private fun serializer(type: KType): KSerializer<Any?>? = try {
        parallel.json.serializersModule.serializer(type)
    } catch (e: SerializationException) {
        null
    }

    /** The serializer of `T` when [type] has exactly one type argument `T` (a list or a flow of it). */
    private fun elementSerializer(type: KType): KSerializer<Any?>? {
        val elementType = type.arguments.singleOrNull()?.type ?: return null
        return serializer(elementType)
    }
}

/**
 * A `Flow` written as one JSON array in UTF-8, byte for byte what `Json` writes for the list of its elements: each
 * batch of the elements the flow has produced meanwhile (up to [BATCH_ELEMENTS]) is encoded by [parallel] and
 * written at once, so the response starts before the flow ends, a flow that pauses has its elements sent before
 * the pause, and memory holds one batch. Written by suspending: a slow client holds no thread.
 */
private class FlowArrayContent(
    private val parallel: ParallelJson,
    private val element: KSerializer<Any?>,
    private val values: Flow<*>,
    override val contentType: ContentType,
) : OutgoingContent.WriteChannelContent() {
    override suspend fun writeTo(channel: ByteWriteChannel) = coroutineScope {
        val flow: Flow<Any?> = values
        val elements = flow.buffer(BATCH_ELEMENTS).produceIn(this)
        val batch = ArrayList<Any?>(BATCH_ELEMENTS)
        var first = true
        for (value in elements) {
            batch += value
            // Let the flow run on until it waits or fills the buffer, then take what it produced.
            yield()
            while (batch.size < BATCH_ELEMENTS) {
                val next = elements.tryReceive()
                if (!next.isSuccess) break
                batch += next.getOrThrow()
            }
            val text = parallel.encodeToStringSuspending(ListSerializer(element), batch)
            // The array's inside: after `[`, before `]` (compact) or the line break before it (pretty printed).
            val end = if (text.endsWith("\n]")) text.length - 2 else text.length - 1
            channel.writeFully((if (first) "[" else ",").encodeToByteArray())
            channel.writeFully(text.substring(1, end).encodeToByteArray())
            channel.flush()
            first = false
            batch.clear()
        }
        val close = when {
            first -> "[]"
            parallel.json.configuration.prettyPrint -> "\n]"
            else -> "]"
        }
        channel.writeFully(close.encodeToByteArray())
    }

    private companion object {
        const val BATCH_ELEMENTS = 1024
    }
}

/** Registers a [ParallelJsonConverter] over [parallel] for [contentType] (JSON by default), on a server or client. */
public fun Configuration.parallelJson(parallel: ParallelJson, contentType: ContentType = ContentType.Application.Json) {
    register(contentType, ParallelJsonConverter(parallel))
}

/**
 * Registers a [ParallelJsonConverter] for [contentType] (JSON by default) over a [ParallelJson] of [json], Ktor's
 * `DefaultJson` by default as for `json()`, configured by [builderAction]: `install(ContentNegotiation) {
 * parallelJson() }` gives the bytes and values of `json()`, large list and map bodies on several threads. The
 * instance is not closed (it holds no threads of its own).
 */
public fun Configuration.parallelJson(
    json: Json = DefaultJson,
    contentType: ContentType = ContentType.Application.Json,
    builderAction: ParallelJsonBuilder.() -> Unit = {},
) {
    parallelJson(ParallelJson(json, builderAction), contentType)
}
