package serialbench.http

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.TestOrder
import serialbench.codecs.Codecs
import serialbench.shapes.Shapes
import java.io.ByteArrayOutputStream
import java.io.InputStream
import java.io.PrintStream
import java.net.InetSocketAddress
import java.net.Socket
import java.util.concurrent.TimeUnit

/**
 * The upload server as a raw socket sees it: a client that declares a body too large and stalls, asks to
 * continue, or stops short of its declared length gets its answer at once, and stopping the server with
 * connections open logs no failure.
 */
@Order(TestOrder.HTTP)
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class UploadServerSocketTest {
    @Test
    fun `a declared length over the limit is refused before any byte of the body, and the connection closed`() =
        withServer { server ->
            socket(server).use { socket ->
                socket.getOutputStream().write(request(declaredBytes = 1L shl 30).encodeToByteArray())
                val response = readResponse(socket.getInputStream())

                assertThat(response.statusLine).startsWith("HTTP/1.1 413 ")
                assertThat(response.headers).containsEntry("connection", "close")
                assertThat(response.body).isEqualTo(
                    "codec kotlinx-json, shape flat: body of ${1L shl 30} bytes is over the limit of $MAX_BODY_BYTES " +
                        "bytes (bench.http.maxBodyBytes)",
                )
                assertThat(socket.getInputStream().read()).describedAs("the server closes the connection").isEqualTo(-1)
            }
        }

    @Test
    fun `a client that expects 100-continue with a length over the limit gets the refusal instead`() =
        withServer { server ->
            socket(server).use { socket ->
                socket.getOutputStream().write(
                    request(declaredBytes = 1L shl 30, "Expect: 100-continue").encodeToByteArray(),
                )
                val response = readResponse(socket.getInputStream())

                assertThat(response.statusLine).startsWith("HTTP/1.1 413 ")
                assertThat(socket.getInputStream().read()).isEqualTo(-1)
            }
        }

    @Test
    fun `a length over the limit to a path with empty or encoded segments, which Ktor routes alike, is refused too`() =
        withServer { server ->
            for (path in listOf(
                "//upload/kotlinx-json/flat",
                "/upload//kotlinx-json/flat",
                "/upload/kotlinx%2Djson/flat",
            )) {
                socket(server).use { socket ->
                    socket.getOutputStream().write(request(declaredBytes = 1L shl 30, path = path).encodeToByteArray())
                    val response = readResponse(socket.getInputStream())

                    assertThat(response.statusLine).describedAs(path).startsWith("HTTP/1.1 413 ")
                    assertThat(response.body).describedAs(path).startsWith("codec kotlinx-json, shape flat: body of ")
                }
            }
        }

    @Test
    fun `a request that is not an upload is answered 404 or 405 with what the server takes, and it serves on`() =
        withServer { server ->
            val cases = listOf(
                "POST /uploads/kotlinx-json/flat" to "404 Not Found|no route POST /uploads/kotlinx-json/flat",
                "GET /upload/kotlinx-json/flat" to "405 Method Not Allowed|method GET not allowed",
                "PUT /" to "404 Not Found|no route PUT /",
            )
            for ((line, expected) in cases) {
                val (status, message) = expected.split('|')
                socket(server).use { socket ->
                    val (method, path) = line.split(' ')
                    val text = request(declaredBytes = 2, path = path).replaceFirst("POST ", "$method ") + "[]"
                    socket.getOutputStream().write(text.encodeToByteArray())
                    val response = readResponse(socket.getInputStream())

                    assertThat(response.statusLine).describedAs(line).isEqualTo("HTTP/1.1 $status")
                    assertThat(response.body).describedAs(line)
                        .isEqualTo("$message; uploads are POST /upload/{codec}/{shape}")
                    socket.getOutputStream().write((request(declaredBytes = 2) + "[]").encodeToByteArray())
                    assertThat(readResponse(socket.getInputStream()).statusLine).describedAs("after $line")
                        .isEqualTo("HTTP/1.1 200 OK")
                }
            }
        }

    @Test
    fun `a length that is not a number is answered 400, and the server keeps serving`() = withServer { server ->
        for (length in listOf("abc", "1,1", "-5")) {
            socket(server).use { socket ->
                val text = request(declaredBytes = 2).replace("Content-Length: 2", "Content-Length: $length") + "[]"
                socket.getOutputStream().write(text.encodeToByteArray())
                assertThat(readResponse(socket.getInputStream()).statusLine).describedAs(length)
                    .startsWith("HTTP/1.1 400 ")
            }
        }
        socket(server).use { socket ->
            socket.getOutputStream().write((request(declaredBytes = 2) + "[]").encodeToByteArray())
            assertThat(readResponse(socket.getInputStream()).statusLine).isEqualTo("HTTP/1.1 200 OK")
        }
    }

    @Test
    fun `a body that ends before its declared length is answered 400, naming the length`() = withServer { server ->
        socket(server).use { socket ->
            socket.getOutputStream().write((request(declaredBytes = 1000) + "[{\"name\":").encodeToByteArray())
            socket.shutdownOutput()
            val response = readResponse(socket.getInputStream())

            assertThat(response.statusLine).isEqualTo("HTTP/1.1 400 Bad Request")
            assertThat(
                response.body,
            ).startsWith("codec kotlinx-json, shape flat: the body ended before its declared 1000 bytes")
        }
        socket(server).use { socket ->
            socket.getOutputStream().write((request(declaredBytes = 2) + "[]").encodeToByteArray())
            assertThat(
                readResponse(socket.getInputStream()).statusLine,
            ).describedAs("the server keeps serving").isEqualTo("HTTP/1.1 200 OK")
        }
    }

    @Test
    fun `stopping the server with connections open, idle or closing, logs no failure`() {
        val logged = ByteArrayOutputStream()
        val err = System.err
        System.setErr(PrintStream(logged, true))
        try {
            repeat(5) {
                val server = startServer()
                val client = UploadClient(server.baseUri, pooled = true)
                val sockets = List(4) { socket(server) }
                try {
                    for (socket in sockets) {
                        socket.getOutputStream().write((request(declaredBytes = 2) + "[]").encodeToByteArray())
                        assertThat(readResponse(socket.getInputStream()).statusLine).isEqualTo("HTTP/1.1 200 OK")
                    }
                    assertThat(
                        client.upload(
                            "kotlinx-json",
                            "flat",
                            "application/json",
                            "[]".encodeToByteArray(),
                            0,
                            null,
                        ).status,
                    ).isEqualTo(200)
                    client.close() // its connection closing while the server stops
                    server.close()
                } finally {
                    sockets.forEach { it.close() }
                    client.close()
                    server.close()
                }
            }
            Thread.sleep(500) // what the event loops log as they end
        } finally {
            System.setErr(err)
        }
        assertThat(logged.toString()).doesNotContain("Exception").doesNotContain("WARN")
    }

    private class Response(val statusLine: String, val headers: Map<String, String>, val body: String)

    private fun withServer(test: (UploadServer) -> Unit) = startServer().use(test)

    private fun startServer(): UploadServer =
        UploadServer.start(UploadEndpoint(listOf(Codecs.create("kotlinx-json")), listOf(Shapes.FLAT), MAX_BODY_BYTES))

    private fun socket(server: UploadServer) = Socket().apply {
        soTimeout = SOCKET_TIMEOUT_MILLIS
        connect(InetSocketAddress(UploadServer.HOST, server.port), SOCKET_TIMEOUT_MILLIS)
    }

    private fun request(
        declaredBytes: Long,
        vararg headers: String,
        path: String = UploadProtocol.path("kotlinx-json", "flat"),
    ) = buildString {
        append("POST ").append(path).append(" HTTP/1.1\r\n")
        append("Host: ").append(UploadServer.HOST).append("\r\n")
        append("Content-Type: application/json\r\n")
        append("Content-Length: ").append(declaredBytes).append("\r\n")
        headers.forEach { append(it).append("\r\n") }
        append("\r\n")
    }

    /**
     * One response (a `100 Continue` counts as one) with a Content-Length, read byte by byte so that nothing after it
     * is consumed.
     */
    private fun readResponse(input: InputStream): Response {
        fun line(): String {
            val out = ByteArrayOutputStream()
            while (true) {
                val b = input.read()
                check(b >= 0) {
                    "the connection closed before a whole response; read '${out.toString(Charsets.UTF_8)}'"
                }
                if (b == '\n'.code) return out.toString(Charsets.UTF_8).removeSuffix("\r")
                out.write(b)
            }
        }
        val statusLine = line()
        val headers = generateSequence { line().takeIf { it.isNotEmpty() } }
            .associate { it.substringBefore(':').trim().lowercase() to it.substringAfter(':').trim() }
        val length = headers["content-length"]?.toInt() ?: 0
        return Response(statusLine, headers, String(input.readNBytes(length), Charsets.UTF_8))
    }

    private companion object {
        const val MAX_BODY_BYTES = 64 * 1024

        /** A bound on every read: a server that waits for the body would otherwise hang the test. */
        const val SOCKET_TIMEOUT_MILLIS = 20_000
    }
}
