package serialbench.http

import io.netty.buffer.Unpooled
import io.netty.channel.ChannelDuplexHandler
import io.netty.channel.ChannelFutureListener
import io.netty.channel.ChannelHandlerContext
import io.netty.channel.ChannelPromise
import io.netty.channel.socket.ChannelInputShutdownEvent
import io.netty.handler.codec.http.DefaultFullHttpResponse
import io.netty.handler.codec.http.HttpHeaderNames
import io.netty.handler.codec.http.HttpHeaderValues
import io.netty.handler.codec.http.HttpRequest
import io.netty.handler.codec.http.HttpResponse
import io.netty.handler.codec.http.HttpResponseStatus
import io.netty.handler.codec.http.HttpStatusClass
import io.netty.handler.codec.http.HttpUtil
import io.netty.handler.codec.http.HttpVersion
import io.netty.handler.codec.http.LastHttpContent
import io.netty.util.ReferenceCountUtil
import serialbench.http.UploadEndpoint.Outcome.Refused
import java.util.concurrent.TimeUnit

/**
 * The part of a connection's HTTP handling that must come before the application sees a request, between
 * Netty's HTTP codec and Ktor's handlers (one instance per connection, used by its event loop only):
 *
 * - A request whose declared length [refusal] refuses is answered at once, before any byte of its body and
 *   instead of `100 Continue`, and the connection closed: a client that declares 1 GiB and stalls gets its 413
 *   now, not after the upload. A declared body up to [SWALLOW_MAX_BYTES] is read and dropped first (at most
 *   [LINGER_MILLIS]), so that a client still sending it reads the answer instead of a reset connection.
 * - The server accepts half-closed connections, so that a client that stops sending in the middle of a body
 *   (then EOF) is answered: its body ends there (an empty last part goes to the application, which finds it
 *   shorter than declared and answers 400), and the connection closes once every request on it is answered.
 *   A connection half-closed between requests closes at once.
 */
internal class ConnectionGuard(private val refusal: (uri: String, declaredBytes: Long) -> Refused?) :
    ChannelDuplexHandler() {
    private var refusing = false
    private var inBody = false
    private var unanswered = 0
    private var inputShut = false

    override fun channelRead(ctx: ChannelHandlerContext, msg: Any) {
        if (refusing) {
            val last = msg is LastHttpContent
            ReferenceCountUtil.release(msg)
            if (last) ctx.close()
            return
        }
        if (msg is HttpRequest) {
            // A request Netty could not decode (a length that is not a number) goes on to be answered 400.
            val declaredBytes = if (msg.decoderResult().isSuccess) declaredLength(msg) else -1L
            val refused = if (declaredBytes >= 0) refusal(msg.uri(), declaredBytes) else null
            if (refused != null) {
                ReferenceCountUtil.release(msg)
                refuse(ctx, refused, declaredBytes)
                return
            }
            unanswered++
            inBody = true
        }
        if (msg is LastHttpContent) inBody = false
        ctx.fireChannelRead(msg)
    }

    override fun userEventTriggered(ctx: ChannelHandlerContext, evt: Any) {
        if (evt is ChannelInputShutdownEvent) {
            inputShut = true
            if (refusing) return
            if (inBody) {
                inBody = false
                ctx.fireChannelRead(LastHttpContent.EMPTY_LAST_CONTENT)
            }
            if (unanswered == 0) ctx.close()
        }
        ctx.fireUserEventTriggered(evt)
    }

    override fun write(ctx: ChannelHandlerContext, msg: Any, promise: ChannelPromise) {
        val informational = msg is HttpResponse && msg.status().codeClass() == HttpStatusClass.INFORMATIONAL
        if (msg is LastHttpContent && !informational && --unanswered == 0 && inputShut) {
            ctx.write(msg, promise).addListener(ChannelFutureListener.CLOSE)
            return
        }
        ctx.write(msg, promise)
    }

    /** The request's declared length, or -1 when it has none or one that is not a number. */
    private fun declaredLength(request: HttpRequest): Long = try {
        HttpUtil.getContentLength(request, -1L)
    } catch (_: NumberFormatException) {
        -1L
    }

    private fun refuse(ctx: ChannelHandlerContext, refused: Refused, declaredBytes: Long) {
        refusing = true
        val body = Unpooled.copiedBuffer(refused.message, Charsets.UTF_8)
        val response = DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.valueOf(refused.status), body)
        response.headers()
            .set(HttpHeaderNames.CONTENT_TYPE, "text/plain; charset=UTF-8")
            .setInt(HttpHeaderNames.CONTENT_LENGTH, body.readableBytes())
            .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE)
        val written = ctx.writeAndFlush(response)
        if (declaredBytes > SWALLOW_MAX_BYTES || inputShut) {
            written.addListener(ChannelFutureListener.CLOSE)
        } else {
            ctx.executor().schedule({ ctx.close() }, LINGER_MILLIS, TimeUnit.MILLISECONDS)
        }
    }

    companion object {
        /** The longest declared body of a refused request that is read and dropped before the connection closes. */
        const val SWALLOW_MAX_BYTES = 1L shl 20

        /** How long a refused request's connection waits for the rest of such a body. */
        const val LINGER_MILLIS = 2_000L
    }
}
