package serialbench.http

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import org.junit.jupiter.api.Timeout
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.Arguments
import org.junit.jupiter.params.provider.MethodSource
import serialbench.TestOrder
import serialbench.codec.Codec
import serialbench.codec.ShapeSupport
import serialbench.codecs.Codecs
import serialbench.data.Shape
import serialbench.data.ShapeSettings
import serialbench.shapes.Shapes
import serialbench.shapes.flat.TestDataGenerator
import serialbench.shapes.upload.UploadShape
import java.util.concurrent.CountDownLatch
import java.util.concurrent.TimeUnit

/**
 * The real server and client on loopback: every codec's good and bad bodies on every shape, a burst of bad
 * requests from several threads, unknown routes and bad headers. One server for the class, with every codec.
 */
@Order(TestOrder.HTTP)
@Timeout(value = 3, unit = TimeUnit.MINUTES)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class UploadServerTest {
    private val serverCodecs = Codecs.ids.map { Codecs.create(it, threads = 2) }
    private val clientCodecs = Codecs.ids.map { Codecs.create(it, threads = 2) }

    /** Every shape, at few elements (events at 1, the smallest a run sends); uploads of 4 KiB of content. */
    private val smallUpload = Shapes.upload(ShapeSettings.NONE.with(UploadShape.CONTENT_BYTES, 4096))
    private val shapes = listOf(Shapes.FLAT to 10, Shapes.EVENTS to 1, smallUpload to 2)
    private val uploads = shapes.flatMap { (shape, size) ->
        clientCodecs.filter { it.support(shape) is ShapeSupport.Supported }.map { prepare(it, shape, size) }
    }
    private val server = UploadServer.start(UploadEndpoint(serverCodecs, shapes.map { it.first }, MAX_BODY_BYTES))
    private val client = UploadClient(server.baseUri, pooled = true)

    @AfterAll
    fun stop() {
        client.close()
        server.close()
        (serverCodecs + clientCodecs).forEach { it.close() }
    }

    fun uploads(): List<PreparedUpload<*>> = uploads

    private fun <T : Any> prepare(codec: Codec, shape: Shape<T>, size: Int) =
        PreparedUpload(codec, shape, shape.generate(TestDataGenerator.DEFAULT_SEED, size))

    private val PreparedUpload<*>.flat: Boolean get() = shape.id == Shapes.FLAT.id

    fun badBodies(): List<Arguments> = uploads.flatMap { upload ->
        BadBody.entries.filter { it.bodyFor(upload, MAX_BODY_BYTES) != null }.map { Arguments.of(upload, it) }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("uploads")
    fun `a good body is decoded, checked and answered with its digest and decode time`(upload: PreparedUpload<*>) {
        val response = client.upload(
            upload.codec.id,
            upload.shape.id,
            upload.contentType,
            upload.body,
            upload.elements.size,
            upload.checksum,
        )

        assertThat(response.status).describedAs(response.body).isEqualTo(200)
        assertThat(UploadDigest.parse(response.body)).isEqualTo(UploadDigest(upload.elements.size, upload.checksum))
        assertThat(response.decodeNanos).isNotNull().isPositive()
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("badBodies")
    fun `a bad body is refused with a message naming the codec and what is wrong, and the server keeps serving`(
        upload: PreparedUpload<*>,
        kind: BadBody,
    ) {
        val body = kind.bodyFor(upload, MAX_BODY_BYTES)!!
        val response = client.upload(
            upload.codec.id,
            upload.shape.id,
            upload.contentType,
            body,
            upload.elements.size,
            upload.checksum,
        )

        assertThat(response.status).describedAs(response.body).isEqualTo(if (kind == BadBody.OVERSIZED) 413 else 400)
        assertThat(response.body).startsWith("codec ${upload.codec.id}, shape ${upload.shape.id}: ")
        when {
            kind == BadBody.OVERSIZED -> assertThat(response.body).endsWith(
                "body of ${MAX_BODY_BYTES + 1} bytes is over the limit of $MAX_BODY_BYTES bytes (bench.http.maxBodyBytes)",
            )

            kind == BadBody.WRONG_TYPE && upload.codec.format == Codec.Format.JSON && upload.codec.id != "dsl-json" ->
                assertThat(response.body).contains("is not UTF-8 text at byte offset 0")

            else -> assertThat(response.body).containsAnyOf(
                "does not decode: ",
                "the request says ${upload.elements.size}",
                "checksum",
                "not valid ${upload.shape.id} elements",
            )
        }
        assertThat(upload.send(client).serverDecodeNanos).isPositive()
    }

    @Test
    fun `the codec's offset reaches the client`() {
        val upload = uploads.first { it.codec.id == "kotlinx-json" && it.flat }
        val body = BadBody.TRUNCATED.bodyFor(upload, MAX_BODY_BYTES)!!
        val response = client.upload("kotlinx-json", "flat", upload.contentType, body, null, null)

        assertThat(response.status).isEqualTo(400)
        assertThat(
            response.body,
        ).startsWith(
            "codec kotlinx-json, shape flat: body (${body.size} bytes) does not decode: JsonDecodingException: ",
        )
        val offset = Regex("at offset (\\d+)").find(response.body)?.groupValues?.get(1)?.toInt()
        assertThat(offset).describedAs(response.body).isNotNull().isBetween(0, body.size)
    }

    @Test
    fun `a body over the limit sent without a length is refused as it is read`() {
        val upload = uploads.first()
        val response = client.upload(
            upload.codec.id,
            "flat",
            upload.contentType,
            ByteArray(MAX_BODY_BYTES * 2),
            10,
            null,
            chunked = true,
        )

        assertThat(response.status).isEqualTo(413)
        assertThat(response.body).isEqualTo(
            "codec ${upload.codec.id}, shape flat: body of more than $MAX_BODY_BYTES bytes is over the limit of $MAX_BODY_BYTES bytes (bench.http.maxBodyBytes)",
        )
        assertThat(upload.send(client).requestNanos).isPositive()
    }

    @Test
    fun `a good body sent without a length is accepted too`() {
        val upload = uploads.first()
        val response = client.upload(
            upload.codec.id,
            "flat",
            upload.contentType,
            upload.body,
            10,
            upload.checksum,
            chunked = true,
        )

        assertThat(response.status).describedAs(response.body).isEqualTo(200)
    }

    @Test
    fun `an unknown codec or shape is answered 404 with what the server has`() {
        val unknownCodec = client.upload("xml", "flat", "application/xml", ByteArray(3), null, null)
        val unknownShape = client.upload("kotlinx-json", "tree", "application/json", ByteArray(3), null, null)

        assertThat(unknownCodec.status).isEqualTo(404)
        assertThat(
            unknownCodec.body,
        ).isEqualTo("no codec 'xml' on this server; codecs: ${Codecs.ids.joinToString(", ")}")
        assertThat(unknownShape.status).isEqualTo(404)
        assertThat(unknownShape.body).isEqualTo("no shape 'tree' on this server; shapes: flat, events, upload")
    }

    @Test
    fun `headers that are not a count and a checksum are refused`() {
        val upload = uploads.first { it.codec.id == "kotlinx-json" && it.flat }
        val post = { elements: String?, checksum: String? ->
            val http = java.net.http.HttpClient.newHttpClient()
            val request = java.net.http.HttpRequest.newBuilder(
                server.baseUri.resolve(UploadProtocol.path("kotlinx-json", "flat")),
            )
                .POST(java.net.http.HttpRequest.BodyPublishers.ofByteArray(upload.body))
                .apply { elements?.let { header(UploadProtocol.ELEMENTS, it) } }
                .apply { checksum?.let { header(UploadProtocol.CHECKSUM, it) } }
                .build()
            http.send(request, java.net.http.HttpResponse.BodyHandlers.ofString())
        }

        val badCount = post("ten", null)
        val badChecksum = post("10", "xyz")
        val noHeaders = post(null, null)

        assertThat(badCount.statusCode()).isEqualTo(400)
        assertThat(badCount.body()).isEqualTo("codec kotlinx-json, shape flat: header X-Elements='ten' is not a count")
        assertThat(badChecksum.statusCode()).isEqualTo(400)
        assertThat(
            badChecksum.body(),
        ).isEqualTo("codec kotlinx-json, shape flat: header X-Checksum='xyz' is not 1 to 16 hex digits")
        assertThat(noHeaders.statusCode()).isEqualTo(200)
        assertThat(noHeaders.body()).isEqualTo(UploadDigest(10, upload.checksum).format())
    }

    @Test
    fun `good requests are answered after a burst of bad ones from several threads at once`() {
        val threads = 6
        val badPerThread = 12
        val acceptedBefore = server.endpoint.accepted
        val refusedBefore = server.endpoint.refused.values.sum()
        val start = CountDownLatch(1)
        val statuses = java.util.concurrent.ConcurrentLinkedQueue<Pair<Int, Int>>()
        val failures = java.util.concurrent.ConcurrentLinkedQueue<Throwable>()
        val workers = List(threads) { index ->
            Thread {
                try {
                    UploadClient(server.baseUri, pooled = index % 2 == 0).use { own ->
                        start.await()
                        repeat(badPerThread) { i ->
                            val upload = uploads[(index + i) % uploads.size]
                            val kind = BadBody.entries[(index * badPerThread + i) % BadBody.entries.size]
                            val body =
                                kind.bodyFor(upload, MAX_BODY_BYTES) ?: BadBody.EMPTY.bodyFor(upload, MAX_BODY_BYTES)!!
                            statuses +=
                                0 to
                                own.upload(
                                    upload.codec.id,
                                    upload.shape.id,
                                    upload.contentType,
                                    body,
                                    upload.elements.size,
                                    upload.checksum,
                                ).status
                        }
                        for (upload in uploads) {
                            statuses +=
                                1 to
                                own.upload(
                                    upload.codec.id,
                                    upload.shape.id,
                                    upload.contentType,
                                    upload.body,
                                    upload.elements.size,
                                    upload.checksum,
                                ).status
                        }
                    }
                } catch (e: Throwable) {
                    failures += e
                }
            }.apply { start() }
        }
        start.countDown()
        workers.forEach { it.join() }

        assertThat(failures).isEmpty()
        assertThat(
            statuses.filter {
                it.first == 0
            }.map { it.second },
        ).hasSize(threads * badPerThread).allSatisfy { assertThat(it).isIn(400, 413) }
        assertThat(
            statuses.filter {
                it.first == 1
            }.map { it.second },
        ).hasSize(threads * uploads.size).containsOnly(200)
        assertThat(server.endpoint.accepted - acceptedBefore).isEqualTo((threads * uploads.size).toLong())
        assertThat(server.endpoint.refused.values.sum() - refusedBefore).isEqualTo((threads * badPerThread).toLong())
    }

    private companion object {
        const val MAX_BODY_BYTES = 64 * 1024
    }
}
