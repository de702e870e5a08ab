package serialbench.http

import io.ktor.http.ContentType
import io.ktor.http.HttpHeaders
import io.ktor.http.HttpMethod
import io.ktor.http.HttpStatusCode
import io.ktor.server.application.ApplicationCall
import io.ktor.server.engine.EmbeddedServer
import io.ktor.server.engine.applicationEnvironment
import io.ktor.server.engine.connector
import io.ktor.server.engine.embeddedServer
import io.ktor.server.netty.Netty
import io.ktor.server.netty.NettyApplicationEngine
import io.ktor.server.request.contentLength
import io.ktor.server.request.header
import io.ktor.server.request.httpMethod
import io.ktor.server.request.receiveChannel
import io.ktor.server.request.uri
import io.ktor.server.response.header
import io.ktor.server.response.respondText
import io.ktor.server.routing.post
import io.ktor.server.routing.route
import io.ktor.server.routing.routing
import io.ktor.utils.io.ByteReadChannel
import io.ktor.utils.io.discard
import io.ktor.utils.io.readFully
import io.ktor.utils.io.readRemaining
import io.netty.channel.ChannelOption
import io.netty.channel.group.ChannelGroup
import io.netty.channel.group.DefaultChannelGroup
import io.netty.util.concurrent.GlobalEventExecutor
import kotlinx.coroutines.runBlocking
import kotlinx.io.readByteArray
import java.io.IOException
import java.net.URI
import java.util.concurrent.atomic.AtomicInteger

/**
 * A real HTTP server for uploads: Ktor on its Netty engine, bound to an ephemeral port on the loopback
 * interface, serving [UploadProtocol] with [endpoint]. Bodies are read up to the endpoint's limit, then decoded
 * on the call's thread. A declared length over the limit is refused at once, before any byte of the body (and
 * instead of `100 Continue`), and the connection closed; a body that ends before its declared length is
 * answered 400 (see [ConnectionGuard]). Other refusals read and drop the rest of the body, so the connection
 * stays usable.
 *
 * [start] returns once the server listens; [close] closes the open connections, then stops the server and waits
 * for its threads, after which the port is closed. Thread safe.
 */
class UploadServer private constructor(
    private val server: EmbeddedServer<NettyApplicationEngine, NettyApplicationEngine.Configuration>,
    val endpoint: UploadEndpoint,
    /** The port the server listens on. */
    val port: Int,
    private val connections: AtomicInteger,
    private val openChannels: ChannelGroup,
) : AutoCloseable {
    val baseUri: URI get() = URI("http://$HOST:$port")

    /** TCP connections accepted since the start. */
    val connectionsAccepted: Int get() = connections.get()

    /**
     * Closes the connections still open, while the event loops that their pipelines' handlers run on are alive
     * (stopping first would leave their closing to loops already shut down, each a logged
     * `RejectedExecutionException`), then stops the server.
     */
    override fun close() {
        openChannels.close().awaitUninterruptibly(STOP_TIMEOUT_MILLIS)
        server.stop(GRACE_PERIOD_MILLIS, STOP_TIMEOUT_MILLIS)
    }

    companion object {
        const val HOST = "127.0.0.1"
        private const val GRACE_PERIOD_MILLIS = 100L
        private const val STOP_TIMEOUT_MILLIS = 5_000L

        /** The name of the handler Ktor's HTTP/1.1 pipeline answers `Expect: 100-continue` with. */
        private const val EXPECT_CONTINUE_HANDLER = "continue"

        /** Starts a server for [endpoint] and waits until it listens. */
        fun start(endpoint: UploadEndpoint): UploadServer {
            val connections = AtomicInteger()
            val openChannels = DefaultChannelGroup("upload-connections", GlobalEventExecutor.INSTANCE)
            val server = embeddedServer(
                Netty,
                applicationEnvironment(),
                configure = {
                    connector {
                        host = HOST
                        port = 0
                    }
                    // Called once per accepted connection, after Ktor has set up its pipeline.
                    channelPipelineConfig = {
                        connections.incrementAndGet()
                        openChannels.add(channel())
                        addBefore(
                            EXPECT_CONTINUE_HANDLER,
                            "serialbench-connection-guard",
                            ConnectionGuard {
                                    uri,
                                    declaredBytes,
                                ->
                                refusal(endpoint, uri, declaredBytes)
                            },
                        )
                    }
                    configureBootstrap = {
                        // Netty's default on Linux, made explicit: a small answer must not wait for the client's ACK
                        // (Nagle).
                        childOption(ChannelOption.TCP_NODELAY, true)
                        // A client that stops sending in the middle of a body can still be answered (ConnectionGuard).
                        childOption(ChannelOption.ALLOW_HALF_CLOSURE, true)
                    }
                },
            ) {
                routing {
                    post("/upload/{codec}/{shape}") {
                        upload(call, endpoint)
                    }
                    // Any other request is answered with what is wrong and what the server takes.
                    route("{...}") {
                        handle { noSuchRoute(call, endpoint) }
                    }
                }
            }
            server.start(wait = false)
            try {
                val port = runBlocking { server.engine.resolvedConnectors().single().port }
                return UploadServer(server, endpoint, port, connections, openChannels)
            } catch (e: Exception) {
                server.stop(GRACE_PERIOD_MILLIS, STOP_TIMEOUT_MILLIS)
                throw IllegalStateException("the upload server started but its port could not be read", e)
            }
        }

        /**
         * The refusal of a request to [uri] declaring [declaredBytes], before its body is read: only over the limit.
         */
        private fun refusal(
            endpoint: UploadEndpoint,
            uri: String,
            declaredBytes: Long,
        ): UploadEndpoint.Outcome.Refused? {
            if (declaredBytes <= endpoint.maxBodyBytes) return null
            val (codecId, shapeId) = UploadProtocol.codecAndShape(uri) ?: return null
            val route = endpoint.route(codecId, shapeId) ?: return endpoint.notFound(codecId, shapeId)
            return route.refuseLength(declaredBytes)
        }

        private suspend fun upload(call: ApplicationCall, endpoint: UploadEndpoint) {
            val channel = call.receiveChannel()
            val codecId = call.parameters["codec"].orEmpty()
            val shapeId = call.parameters["shape"].orEmpty()
            val route = endpoint.route(codecId, shapeId)
                ?: return refuse(call, channel, endpoint.notFound(codecId, shapeId))
            // A length over the limit was refused before the call (ConnectionGuard); a body sent without one is bounded
            // as it is read.
            val declaredBytes = call.request.contentLength()
            val body = try {
                readBody(channel, declaredBytes, endpoint.maxBodyBytes)
            } catch (e: IOException) {
                return refuse(call, channel, route.refuseIncomplete(declaredBytes, e))
            } ?: return refuse(call, channel, route.refuseOverLimit())
            when (
                val outcome = route.handle(
                    body,
                    call.request.header(UploadProtocol.ELEMENTS),
                    call.request.header(UploadProtocol.CHECKSUM),
                )
            ) {
                is UploadEndpoint.Outcome.Accepted -> {
                    call.response.header(UploadProtocol.DECODE_NANOS, outcome.decodeNanos)
                    call.respondText(outcome.digest.format(), ContentType.Text.Plain, HttpStatusCode.OK)
                }

                is UploadEndpoint.Outcome.Refused -> refuse(call, channel, outcome)
            }
        }

        /** The body, or null if it is longer than [limitBytes] (only known while reading a body without a length). */
        private suspend fun readBody(channel: ByteReadChannel, declaredBytes: Long?, limitBytes: Int): ByteArray? {
            if (declaredBytes != null) {
                require(declaredBytes <= limitBytes) {
                    "a declared length of $declaredBytes bytes over the limit reached the call"
                }
                val body = ByteArray(declaredBytes.toInt())
                channel.readFully(body)
                return body
            }
            val body = channel.readRemaining(limitBytes + 1L).readByteArray()
            return if (body.size > limitBytes) null else body
        }

        /**
         * A request that is not an upload: 405 for another method on an upload's path, else 404; a body longer than
         * the server's limit is left unread and the connection closed after the answer.
         */
        private suspend fun noSuchRoute(call: ApplicationCall, endpoint: UploadEndpoint) {
            val method = call.request.httpMethod
            val upload = UploadProtocol.codecAndShape(call.request.uri) != null
            val status = if (upload) HttpStatusCode.MethodNotAllowed else HttpStatusCode.NotFound
            val what =
                if (upload) "method ${method.value} not allowed" else "no route ${method.value} ${call.request.uri}"
            val channel = call.receiveChannel()
            channel.discard(endpoint.maxBodyBytes.toLong())
            if (!channel.isClosedForRead) call.response.header(HttpHeaders.Connection, "close")
            if (upload) call.response.header(HttpHeaders.Allow, HttpMethod.Post.value)
            val message = "$what; uploads are POST ${UploadProtocol.path("{codec}", "{shape}")}"
            call.respondText(message, ContentType.Text.Plain, status)
        }

        /** Drops what is left of the body, so the connection can carry the next request, and answers [refused]. */
        private suspend fun refuse(
            call: ApplicationCall,
            channel: ByteReadChannel,
            refused: UploadEndpoint.Outcome.Refused,
        ) {
            channel.discard()
            call.respondText(refused.message, ContentType.Text.Plain, HttpStatusCode.fromValue(refused.status))
        }
    }
}
