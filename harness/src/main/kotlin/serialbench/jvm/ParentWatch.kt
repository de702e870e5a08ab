package serialbench.jvm

import kotlin.concurrent.thread

/**
 * Stops a child JVM whose parent has gone. Without this, a fork whose benchmark JVM was killed (a cancelled build, a
 * CI timeout) would go on measuring, holding its heap and a core, with no one to read its results.
 *
 * The watch asks every [POLL_MILLIS] whether the parent process is alive, sleeping in between. It does not wait for
 * the end of its standard input, which would say the same at once: a thread blocked reading it is in native code,
 * and the JVM's exit waits up to 300 ms for such threads to stop (0.33 s against 0.03 s on the 2-core machine), a
 * third of a second at the end of every fork.
 */
internal object ParentWatch {
    /** Exit status of a child that stopped because its parent had gone. */
    const val PARENT_GONE_EXIT = 3

    /** How often the watch asks whether the parent is alive: a child outlives its parent by at most this. */
    const val POLL_MILLIS = 500L

    /** Starts a daemon thread that calls [onGone] once [parentAlive] says no, asking every [pollMillis]. */
    fun watch(parentAlive: () -> Boolean, pollMillis: Long = POLL_MILLIS, onGone: () -> Unit): Thread {
        require(pollMillis > 0) { "pollMillis <= 0: $pollMillis" }
        return thread(name = "parent-watch", isDaemon = true) {
            while (parentAlive()) Thread.sleep(pollMillis)
            onGone()
        }
    }

    /**
     * The system property by which a [ChildJvm] tells the child the process id of the JVM that started it: a parent
     * that exits before the child asks for its parent leaves the child to another one (`init`, or a subreaper), alive
     * for good, and a watch of that one would never end.
     */
    const val PARENT_PID_PROPERTY = "serialbench.parent.pid"

    /** Halts this JVM when the process that started it goes (or is already gone). */
    fun haltWhenParentGoes(what: String) {
        watch(parentAlive(System.getProperty(PARENT_PID_PROPERTY)?.toLongOrNull())) {
            System.err.println("$what: the JVM that started it has gone; stopping")
            Runtime.getRuntime().halt(PARENT_GONE_EXIT)
        }
    }

    /**
     * Whether this JVM's parent is alive and, given [startedBy], still that process: false once it is not, as when it
     * exited and another process took this one over. Without [startedBy], the parent this JVM has now.
     */
    fun parentAlive(startedBy: Long?): () -> Boolean {
        val parent = ProcessHandle.current().parent()
        val expected = startedBy ?: parent.map(ProcessHandle::pid).orElse(-1L)
        return {
            ProcessHandle.current().parent().map { it.pid() == expected && it.isAlive }.orElse(false)
        }
    }
}
