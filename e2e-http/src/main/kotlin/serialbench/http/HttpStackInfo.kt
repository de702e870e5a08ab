package serialbench.http

import io.ktor.server.netty.Netty
import org.apache.hc.client5.http.impl.classic.HttpClients
import org.apache.hc.core5.util.VersionInfo
import serialbench.results.HttpStack

/** The server, engine and client of an end-to-end run, with the versions their jars declare. */
object HttpStackInfo {
    fun capture(): HttpStack = HttpStack(
        server = "Ktor",
        serverVersion = Netty::class.java.`package`?.implementationVersion ?: UNKNOWN,
        engine = "Netty",
        engineVersion = io.netty.util.Version.identify()["netty-codec-http"]?.artifactVersion() ?: UNKNOWN,
        client = "Apache HttpClient (classic)",
        clientVersion =
        VersionInfo.loadVersionInfo("org.apache.hc.client5", HttpClients::class.java.classLoader)?.release
            ?: UNKNOWN,
    )

    private const val UNKNOWN = "unknown"
}
