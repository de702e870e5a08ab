package serialbench.jvm

import java.io.IOException
import java.io.InputStream
import kotlin.concurrent.thread

/**
 * Stops a child JVM whose parent has gone. The parent holds the write end of the child's standard input and
 * never writes to it; when the parent exits, is killed or crashes, the child reads end of file there. Without
 * this, a fork whose benchmark JVM was killed (a cancelled build, a CI timeout) would go on measuring, holding
 * its heap and a core, with no one to read its results.
 */
internal object ParentWatch {
    /** Exit status of a child that stopped because its parent had gone. */
    const val PARENT_GONE_EXIT = 3

    /** Starts a daemon thread that calls [onGone] once [input] ends or fails. */
    fun watch(input: InputStream, onGone: () -> Unit): Thread = thread(name = "parent-watch", isDaemon = true) {
        try {
            while (input.read() >= 0) {
                // The parent never writes: anything read is ignored.
            }
        } catch (_: IOException) {
            // A broken pipe means the same: the parent has gone.
        }
        onGone()
    }

    /** Halts this JVM when the parent that started it goes (its end of standard input closes). */
    fun haltWhenParentGoes(what: String) {
        watch(System.`in`) {
            System.err.println("$what: the JVM that started it has gone (its standard input ended); stopping")
            Runtime.getRuntime().halt(PARENT_GONE_EXIT)
        }
    }
}
