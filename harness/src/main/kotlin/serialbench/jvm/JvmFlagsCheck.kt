package serialbench.jvm

import java.io.File
import java.nio.file.Files
import java.util.concurrent.TimeUnit

/**
 * Whether a JVM starts with a set of flags, asked once before a run starts its forks: `java <flags> -version`
 * from this JVM's home (well under a second), so that a flag the JVM refuses (unknown, a heap it cannot reserve,
 * too small a heap) ends the run in one line naming what the JVM said, not in a fork's failure after others ran.
 */
object JvmFlagsCheck {
    /** What the JVM said when it refused [flags], on one line; null when it starts with them. */
    fun refusal(flags: List<String>, timeoutMillis: Long = TIMEOUT_MILLIS): String? {
        val java = File(System.getProperty("java.home"), "bin/java").path
        // In a directory of its own: a JVM that cannot reserve its heap leaves an error report file where it runs.
        val directory = Files.createTempDirectory("serialbench-flags-").toFile()
        val process = ProcessBuilder(listOf(java) + flags + "-version").directory(directory)
            .redirectErrorStream(true).start()
        try {
            // `-version` writes a few lines, well within the pipe's buffer: the JVM never waits on this reader
            if (!process.waitFor(timeoutMillis, TimeUnit.MILLISECONDS)) {
                return "`java ${flags.joinToString(" ")} -version` did not finish within ${timeoutMillis / 1000} s"
            }
            if (process.exitValue() == 0) return null
            val said = process.inputStream.bufferedReader().readLines().map { it.removePrefix("#").trim() }
                .takeWhile { !it.startsWith(ERROR_REPORT) }
                .filter { it.isNotEmpty() && it !in GENERIC_LINES }
            return said.joinToString("; ").ifEmpty { "exit status ${process.exitValue()}" }
        } finally {
            if (process.isAlive) process.destroyForcibly()
            directory.deleteRecursively()
        }
    }

    private const val TIMEOUT_MILLIS = 60_000L

    /** Where a JVM that crashed at start-up names its report file (in the check's own directory, deleted). */
    private const val ERROR_REPORT = "An error report file"

    /** Lines every refusal ends with: they say that the JVM did not start, not why. */
    private val GENERIC_LINES = setOf(
        "Error: Could not create the Java Virtual Machine.",
        "Error: A fatal exception has occurred. Program will exit.",
    )
}
