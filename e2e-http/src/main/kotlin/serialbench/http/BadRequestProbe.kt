package serialbench.http

import serialbench.results.RefusedRequest

/**
 * Sends every [BadBody] for each of [uploads] to [server], one codec and shape after another, then the good
 * body: records how the server answered each bad one, and fails ([IllegalStateException]) if the good request
 * after them is not answered 200, that is, if the server stopped serving. A bad body answered 200 is recorded,
 * not thrown: the caller decides (the report shows it).
 *
 * The oversized body is sent as a client sending a large body may, asking first (`Expect: 100-continue`): the server
 * answers 413 instead of `100 Continue`. Sent outright, a body over what the server reads and drops before it closes
 * ([ConnectionGuard.SWALLOW_MAX_BYTES]) may meet the closed connection while still being written (a broken pipe).
 */
class BadRequestProbe(private val server: UploadServer, private val uploads: List<PreparedUpload<*>>) {
    class Result(val refused: List<RefusedRequest>, val acceptedAfter: Int)

    fun run(): Result = UploadClient(server.baseUri, pooled = true).use { client ->
        val refused = mutableListOf<RefusedRequest>()
        for (upload in uploads) {
            for (kind in BadBody.entries) {
                val body = kind.bodyFor(upload, server.endpoint.maxBodyBytes) ?: continue
                val response = client.upload(
                    upload.codec.id,
                    upload.shape.id,
                    upload.contentType,
                    body,
                    upload.elements.size,
                    upload.checksum,
                    expectContinue = kind == BadBody.OVERSIZED,
                )
                refused +=
                    RefusedRequest(upload.codec.id, upload.shape.id, kind.id, body.size, response.status, response.body)
            }
            try {
                upload.send(client)
            } catch (e: Exception) {
                throw IllegalStateException("$upload: a good request after the bad ones failed: ${e.message}", e)
            }
        }
        Result(refused, uploads.size)
    }
}
