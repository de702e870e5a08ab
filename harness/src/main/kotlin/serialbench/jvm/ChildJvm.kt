package serialbench.jvm

import java.io.File
import java.util.concurrent.TimeUnit
import kotlin.concurrent.thread

/**
 * A JVM started from this one to run [mainClass] apart: `java` from this JVM's home, [flags], this JVM's class
 * path, then [arguments]. The one way the harness starts JVMs: forks, cold starts and bounded-memory decodes all go
 * through it, with what they do and what they measured passed as typed messages ([ChildChannel]).
 *
 * [run] merges the child's standard output and error, hands each line to its caller as it comes, keeps the last
 * ones, and waits at most a timeout; a child that overruns it, or whose waiting is interrupted, is ended before
 * [run] returns or throws, so it cannot go on beside what runs next. [describe] names the child in every message
 * (`cold start of codec fory`).
 */
class ChildJvm(
    val describe: String,
    private val mainClass: Class<*>,
    val flags: List<String>,
    private val arguments: List<String> = emptyList(),
) {
    /** How the child ended: its exit code and the last lines of its output. */
    class Finished(val exitCode: Int, val tail: List<String>) {
        /** The last lines of the child's output, for a message saying why it failed. */
        fun tailText(): String = tail.joinToString("\n")
    }

    val command: List<String>
        get() = listOf(File(System.getProperty("java.home"), "bin/java").path) + flags +
            listOf("-D${ParentWatch.PARENT_PID_PROPERTY}=${ProcessHandle.current().pid()}") +
            listOf("-cp", System.getProperty("java.class.path"), mainClass.name) + arguments

    /**
     * Runs the child to its end; each line of its output goes to [onLine]. Throws [IllegalStateException] naming
     * the child if it does not end within [timeoutMillis], after ending it.
     */
    fun run(timeoutMillis: Long, onLine: (String) -> Unit = {}): Finished {
        val process = ProcessBuilder(command).redirectErrorStream(true).start()
        val tail = ArrayDeque<String>()
        try {
            val reader = thread(name = "child-jvm-output", isDaemon = true) {
                process.inputStream.bufferedReader().forEachLine { line ->
                    synchronized(tail) {
                        tail.addLast(line)
                        if (tail.size > TAIL_LINES) tail.removeFirst()
                    }
                    onLine(line)
                }
            }
            check(process.waitFor(timeoutMillis, TimeUnit.MILLISECONDS)) {
                "$describe: the JVM did not finish within ${formatMillis(timeoutMillis)}"
            }
            reader.join(OUTPUT_JOIN_MILLIS)
            return Finished(process.exitValue(), synchronized(tail) { tail.toList() })
        } finally {
            if (process.isAlive) process.destroyForcibly()
        }
    }

    private fun formatMillis(millis: Long): String =
        if (millis % 60_000 == 0L) "${millis / 60_000} min" else "${millis / 1000} s"

    private companion object {
        const val TAIL_LINES = 30

        /** How long the output is read on after the child exits, for its last lines. */
        const val OUTPUT_JOIN_MILLIS = 5_000L
    }
}
