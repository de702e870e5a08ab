package serialbench.http

import io.ktor.http.ContentType
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
import io.ktor.server.request.receiveChannel
import io.ktor.server.response.header
import io.ktor.server.response.respondText
import io.ktor.server.routing.post
import io.ktor.server.routing.routing
import io.ktor.utils.io.ByteReadChannel
import io.ktor.utils.io.discard
import io.ktor.utils.io.readFully
import io.ktor.utils.io.readRemaining
import io.netty.channel.ChannelOption
import java.io.IOException
import java.net.URI
import java.util.concurrent.atomic.AtomicInteger
import kotlinx.coroutines.runBlocking
import kotlinx.io.readByteArray

/**
 * A real HTTP server for uploads: Ktor on its Netty engine, bound to an ephemeral port on the loopback
 * interface, serving [UploadProtocol] with [endpoint]. Bodies are read up to the endpoint's limit (a declared
 * length over it is refused before reading; the rest of a refused body is read and dropped, so the connection
 * stays usable), then decoded on the call's thread.
 *
 * [start] returns once the server listens; [close] stops it and waits for its threads, after which the port
 * is closed. Thread safe.
 */
class UploadServer private constructor(
    private val server: EmbeddedServer<NettyApplicationEngine, NettyApplicationEngine.Configuration>,
    val endpoint: UploadEndpoint,
    /** The port the server listens on. */
    val port: Int,
    private val connections: AtomicInteger,
) : AutoCloseable {
    val baseUri: URI get() = URI("http://$HOST:$port")

    /** TCP connections accepted since the start. */
    val connectionsAccepted: Int get() = connections.get()

    override fun close() = server.stop(GRACE_PERIOD_MILLIS, STOP_TIMEOUT_MILLIS)

    companion object {
        const val HOST = "127.0.0.1"
        private const val GRACE_PERIOD_MILLIS = 100L
        private const val STOP_TIMEOUT_MILLIS = 5_000L

        /** Starts a server for [endpoint] and waits until it listens. */
        fun start(endpoint: UploadEndpoint): UploadServer {
            val connections = AtomicInteger()
            val server = embeddedServer(
                Netty,
                applicationEnvironment(),
                configure = {
                    connector {
                        host = HOST
                        port = 0
                    }
                    // Called once per accepted connection, to set up its pipeline.
                    channelPipelineConfig = { connections.incrementAndGet() }
                    // Netty's default on Linux, made explicit: a small answer must not wait for the client's ACK (Nagle).
                    configureBootstrap = { childOption(ChannelOption.TCP_NODELAY, true) }
                },
            ) {
                routing {
                    post("/upload/{codec}/{shape}") {
                        upload(call, endpoint)
                    }
                }
            }
            server.start(wait = false)
            try {
                val port = runBlocking { server.engine.resolvedConnectors().single().port }
                return UploadServer(server, endpoint, port, connections)
            } catch (e: Exception) {
                server.stop(GRACE_PERIOD_MILLIS, STOP_TIMEOUT_MILLIS)
                throw IllegalStateException("the upload server started but its port could not be read", e)
            }
        }

        private suspend fun upload(call: ApplicationCall, endpoint: UploadEndpoint) {
            val channel = call.receiveChannel()
            val codecId = call.parameters["codec"].orEmpty()
            val shapeId = call.parameters["shape"].orEmpty()
            val route = endpoint.route(codecId, shapeId)
                ?: return refuse(call, channel, endpoint.notFound(codecId, shapeId))
            val declaredBytes = call.request.contentLength()
            route.refuseLength(declaredBytes)?.let { return refuse(call, channel, it) }
            val body = try {
                readBody(channel, declaredBytes, endpoint.maxBodyBytes)
            } catch (e: IOException) {
                return refuse(call, channel, route.refuseIncomplete(declaredBytes, e))
            } ?: return refuse(call, channel, route.refuseOverLimit())
            when (val outcome = route.handle(body, call.request.header(UploadProtocol.ELEMENTS), call.request.header(UploadProtocol.CHECKSUM))) {
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
                val body = ByteArray(declaredBytes.toInt())
                channel.readFully(body)
                return body
            }
            val body = channel.readRemaining(limitBytes + 1L).readByteArray()
            return if (body.size > limitBytes) null else body
        }

        /** Drops what is left of the body, so the connection can carry the next request, and answers [refused]. */
        private suspend fun refuse(call: ApplicationCall, channel: ByteReadChannel, refused: UploadEndpoint.Outcome.Refused) {
            channel.discard()
            call.respondText(refused.message, ContentType.Text.Plain, HttpStatusCode.fromValue(refused.status))
        }
    }
}
