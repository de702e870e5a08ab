package serialbench.results

import kotlinx.serialization.Serializable

/** The server and client, with the versions found on the class path. */
@Serializable
data class HttpStack(
    val server: String,
    val serverVersion: String,
    val engine: String,
    val engineVersion: String,
    val client: String,
    val clientVersion: String,
)
