package serialbench.http

import kotlinx.serialization.KSerializer
import serialbench.codec.Codec
import serialbench.codec.ListCodec
import serialbench.codec.Payload
import serialbench.codec.ShapeSupport
import serialbench.data.Shape
import serialbench.text.MalformedUtf8Exception
import serialbench.text.StrictUtf8
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.atomic.AtomicLong

/**
 * What the server does with an upload, apart from HTTP: finds the codec and shape a request names, decodes its
 * body, checks it against the request's count and checksum, and answers with an [Outcome]. Bodies are decoded
 * as the codec's own payload type (text for codecs that encode to text, bytes otherwise), found by encoding an
 * empty list once per codec and shape.
 *
 * Thread safe: requests may be handled from several threads at once (the codecs are). It never throws for a
 * bad request: every refusal is an [Outcome.Refused] with its status and a message naming the codec, the shape
 * and what is wrong (with the offset where the codec's own message gives one).
 */
class UploadEndpoint(codecs: List<Codec>, shapes: List<Shape<*>>, val maxBodyBytes: Int) {
    sealed interface Outcome {
        val status: Int

        class Accepted(val digest: UploadDigest, val decodeNanos: Long) : Outcome {
            override val status: Int get() = 200
        }

        class Refused(override val status: Int, val message: String) : Outcome
    }

    private val codecsById = codecs.associateBy { it.id }
    private val shapesById = shapes.associateBy { it.id }
    private val routes = ConcurrentHashMap<Pair<String, String>, Route>()
    private val acceptedCount = AtomicLong()
    private val refusedCounts = ConcurrentHashMap<Int, AtomicLong>()

    init {
        require(maxBodyBytes > 0) { "maxBodyBytes <= 0: $maxBodyBytes" }
    }

    /** Requests answered 200 so far. */
    val accepted: Long get() = acceptedCount.get()

    /** Requests refused so far, by status. */
    val refused: Map<Int, Long> get() = refusedCounts.mapValues { it.value.get() }.toSortedMap()

    /**
     * The route for `/upload/{codecId}/{shapeId}`; null if this server has no such codec or shape ([notFound] says
     * why).
     */
    fun route(codecId: String, shapeId: String): Route? {
        routes[codecId to shapeId]?.let { return it }
        val codec = codecsById[codecId] ?: return null
        val shape = shapesById[shapeId] ?: return null
        val lists = (codec.support(shape) as? ShapeSupport.Supported)?.codec ?: return null
        return routes.computeIfAbsent(codecId to shapeId) { Route(codec, shape, lists) }
    }

    /** The 404 for a request [route] finds no route for, counted, saying what this server has. */
    fun notFound(codecId: String, shapeId: String): Outcome.Refused {
        val codec = codecsById[codecId]
        val shape = shapesById[shapeId]
        val message = when {
            codec == null -> "no codec '$codecId' on this server; codecs: ${codecsById.keys.joinToString(", ")}"

            shape == null -> "no shape '$shapeId' on this server; shapes: ${shapesById.keys.joinToString(", ")}"

            else -> "codec ${codec.id} does not support shape ${shape.id}: ${(
                codec.support(
                    shape,
                ) as? ShapeSupport.Unsupported
                )?.reason}"
        }
        return count(Outcome.Refused(404, message))
    }

    private fun <O : Outcome> count(outcome: O): O {
        if (outcome is Outcome.Accepted) {
            acceptedCount.incrementAndGet()
        } else {
            refusedCounts.computeIfAbsent(outcome.status) { AtomicLong() }.incrementAndGet()
        }
        return outcome
    }

    /** One codec and shape: decodes and checks bodies. */
    inner class Route internal constructor(
        private val codec: Codec,
        private val shape: Shape<*>,
        private val lists: ListCodec<*>,
    ) {
        private val readsText: Boolean = encodeEmpty(lists) is Payload.Text
        private val where = "codec ${codec.id}, shape ${shape.id}"

        /** A 413 if the request declares a body over the limit (before reading it); null otherwise. */
        fun refuseLength(declaredBytes: Long?): Outcome.Refused? = if (declaredBytes != null &&
            declaredBytes > maxBodyBytes
        ) {
            count(tooLarge("of $declaredBytes bytes"))
        } else {
            null
        }

        /** A 413 for a body that turned out longer than the limit while being read. */
        fun refuseOverLimit(): Outcome.Refused = count(tooLarge("of more than $maxBodyBytes bytes"))

        /** A 400 for a body that ended before its declared length. */
        fun refuseIncomplete(declaredBytes: Long?, e: Exception): Outcome.Refused = count(
            Outcome.Refused(
                400,
                "$where: the body ended before its declared $declaredBytes bytes: ${ExceptionText.of(e)}",
            ),
        )

        private fun tooLarge(what: String) = Outcome.Refused(
            413,
            "$where: body $what is over the limit of $maxBodyBytes bytes (${HttpOptions.MAX_BODY_BYTES})",
        )

        /** Decodes [body] and checks it against the request's [elementsHeader] and [checksumHeader], if given. */
        fun handle(body: ByteArray, elementsHeader: String?, checksumHeader: String?): Outcome =
            count(decideOn(body, elementsHeader, checksumHeader))

        private fun decideOn(body: ByteArray, elementsHeader: String?, checksumHeader: String?): Outcome {
            if (body.size > maxBodyBytes) return tooLarge("of ${body.size} bytes")
            val expectedElements = elementsHeader?.let { raw ->
                raw.trim().toIntOrNull()?.takeIf { it >= 0 }
                    ?: return Outcome.Refused(400, "$where: header ${UploadProtocol.ELEMENTS}='$raw' is not a count")
            }
            val expectedChecksum = checksumHeader?.let { raw ->
                ContentChecksum.parse(raw.trim())
                    ?: return Outcome.Refused(
                        400,
                        "$where: header ${UploadProtocol.CHECKSUM}='$raw' is not 1 to 16 hex digits",
                    )
            }
            val startNanos = System.nanoTime()
            val payload = if (readsText) {
                val text = try {
                    StrictUtf8.decode(body)
                } catch (e: MalformedUtf8Exception) {
                    return Outcome.Refused(
                        400,
                        "$where: body (${body.size} bytes) is not UTF-8 text at byte offset ${e.offset}; this codec " +
                            "reads text",
                    )
                }
                Payload.Text(text)
            } else {
                Payload.Binary(body)
            }
            val decoded: List<*> = try {
                lists.decode(payload)
            } catch (e: Exception) {
                return refuseUndecodable(body, e)
            } catch (e: StackOverflowError) {
                return refuseUndecodable(body, e)
            }
            val decodeNanos = System.nanoTime() - startNanos
            if (expectedElements != null && decoded.size != expectedElements) {
                return Outcome.Refused(
                    400,
                    "$where: body decodes to ${decoded.size} elements, the request says $expectedElements",
                )
            }
            // A lenient library can fill a non-null field with null or a value of another type: not an element of this
            // shape.
            val checksum = try {
                checksumOf(decoded)
            } catch (e: Exception) {
                val reason = ExceptionText.of(e)
                return Outcome.Refused(
                    400,
                    "$where: body decodes to ${decoded.size} elements that are not valid ${shape.id} elements: $reason",
                )
            }
            if (expectedChecksum != null && checksum != expectedChecksum) {
                return Outcome.Refused(
                    400,
                    "$where: body decodes to ${decoded.size} elements whose checksum ${ContentChecksum.format(
                        checksum,
                    )} " +
                        "differs from the request's ${ContentChecksum.format(expectedChecksum)}",
                )
            }
            return Outcome.Accepted(UploadDigest(decoded.size, checksum), decodeNanos)
        }

        private fun refuseUndecodable(body: ByteArray, e: Throwable): Outcome.Refused =
            Outcome.Refused(400, "$where: body (${body.size} bytes) does not decode: ${ExceptionText.of(e)}")

        @Suppress("UNCHECKED_CAST")
        private fun checksumOf(decoded: List<*>): Long =
            ContentChecksum.of(shape.serializer as KSerializer<Any?>, decoded)
    }

    private companion object {
        fun <T : Any> encodeEmpty(lists: ListCodec<T>): Payload = lists.encode(emptyList())
    }
}
