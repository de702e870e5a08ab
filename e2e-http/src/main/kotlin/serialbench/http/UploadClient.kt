package serialbench.http

import org.apache.hc.client5.http.classic.methods.HttpPost
import org.apache.hc.client5.http.config.ConnectionConfig
import org.apache.hc.client5.http.config.RequestConfig
import org.apache.hc.client5.http.impl.DefaultClientConnectionReuseStrategy
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient
import org.apache.hc.client5.http.impl.classic.HttpClients
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder
import org.apache.hc.core5.http.ConnectionReuseStrategy
import org.apache.hc.core5.http.ContentType
import org.apache.hc.core5.http.HeaderElements
import org.apache.hc.core5.http.HttpHeaders
import org.apache.hc.core5.http.io.SocketConfig
import org.apache.hc.core5.http.io.entity.ByteArrayEntity
import org.apache.hc.core5.http.io.entity.EntityUtils
import org.apache.hc.core5.http.io.entity.InputStreamEntity
import org.apache.hc.core5.io.CloseMode
import org.apache.hc.core5.util.Timeout
import java.io.ByteArrayInputStream
import java.net.URI

/**
 * The uploading side: Apache HttpClient 5, classic (blocking) API. [pooled]: a pooling connection manager keeps
 * connections open between requests ([POOL_MAX_TOTAL] in all, [POOL_MAX_PER_ROUTE] per route, as the reference
 * project's pool); otherwise every request opens a new connection and closes it after the answer
 * (`Connection: close`, and a reuse strategy that never keeps one).
 *
 * Thread safe: one client serves all the threads of a mode. Every request is bounded in time
 * ([CONNECT_TIMEOUT_SECONDS], [RESPONSE_TIMEOUT_SECONDS]). [close] closes every connection it opened.
 */
class UploadClient(private val baseUri: URI, val pooled: Boolean) : AutoCloseable {
    /** The server's answer: status, body (a digest or an error message) and the server's decode time, if sent. */
    class Response(val status: Int, val body: String, val decodeNanos: Long?)

    private val client: CloseableHttpClient = HttpClients.custom()
        .setConnectionManager(
            PoolingHttpClientConnectionManagerBuilder.create()
                .setMaxConnTotal(POOL_MAX_TOTAL)
                .setMaxConnPerRoute(POOL_MAX_PER_ROUTE)
                // The default, made explicit: headers and body written apart must not wait for the server's ACK
                // (Nagle).
                .setDefaultSocketConfig(SocketConfig.custom().setTcpNoDelay(true).build())
                .setDefaultConnectionConfig(
                    ConnectionConfig.custom()
                        .setConnectTimeout(Timeout.ofSeconds(CONNECT_TIMEOUT_SECONDS))
                        .setSocketTimeout(Timeout.ofSeconds(RESPONSE_TIMEOUT_SECONDS))
                        .build(),
                )
                .build(),
        )
        .setConnectionReuseStrategy(if (pooled) DefaultClientConnectionReuseStrategy.INSTANCE else NEVER_REUSE)
        .setDefaultRequestConfig(
            RequestConfig.custom()
                .setConnectionRequestTimeout(Timeout.ofSeconds(RESPONSE_TIMEOUT_SECONDS))
                .setResponseTimeout(Timeout.ofSeconds(RESPONSE_TIMEOUT_SECONDS))
                .build(),
        )
        .disableAutomaticRetries()
        .disableRedirectHandling()
        .disableCookieManagement()
        .disableContentCompression()
        .build()

    /**
     * POSTs [body] to `/upload/[codec]/[shape]` with the expected [elements] and [checksum] (headers left out
     * when null). [chunked] sends the body without a length, as a stream would; [expectContinue] asks the server
     * first (`Expect: 100-continue`) and sends the body only if it says to.
     */
    fun upload(
        codec: String,
        shape: String,
        contentType: String,
        body: ByteArray,
        elements: Int?,
        checksum: Long?,
        chunked: Boolean = false,
        expectContinue: Boolean = false,
    ): Response {
        val post = HttpPost(baseUri.resolve(UploadProtocol.path(codec, shape)))
        val type = ContentType.parse(contentType)
        post.entity =
            if (chunked) InputStreamEntity(ByteArrayInputStream(body), -1, type) else ByteArrayEntity(body, type)
        elements?.let { post.setHeader(UploadProtocol.ELEMENTS, it.toString()) }
        checksum?.let { post.setHeader(UploadProtocol.CHECKSUM, ContentChecksum.format(it)) }
        if (!pooled) post.setHeader(HttpHeaders.CONNECTION, "close")
        if (expectContinue) post.setHeader(HttpHeaders.EXPECT, HeaderElements.CONTINUE)
        return client.execute(post) { response ->
            Response(
                status = response.code,
                body = response.entity?.let { EntityUtils.toString(it, Charsets.UTF_8) } ?: "",
                decodeNanos = response.getFirstHeader(UploadProtocol.DECODE_NANOS)?.value?.toLongOrNull(),
            )
        }
    }

    override fun close() = client.close(CloseMode.GRACEFUL)

    companion object {
        const val POOL_MAX_TOTAL = 50
        const val POOL_MAX_PER_ROUTE = 20
        const val CONNECT_TIMEOUT_SECONDS = 10L
        const val RESPONSE_TIMEOUT_SECONDS = 60L

        private val NEVER_REUSE = ConnectionReuseStrategy { _, _, _ -> false }
    }
}
