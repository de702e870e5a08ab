package serialbench.measure

import serialbench.codec.SplitCounting
import java.util.concurrent.Callable
import java.util.concurrent.ExecutionException
import java.util.concurrent.ExecutorService
import java.util.concurrent.Executors
import java.util.concurrent.Future
import java.util.concurrent.ThreadFactory

/**
 * One call of each of [subjects] at once, one on the calling thread and each other one on a thread of its own: a call
 * of this subject is a round of `subjects.size` calls of the same work, and it ends when the last of them does. The
 * round's time against one call's alone is what running that work on every thread at once costs on this machine,
 * so `subjects.size` times one call's time over a round's is the most that splitting the work across that many
 * threads could gain. Every subject is its own (its own payload and first check), so no call waits for another's.
 * Its threads are daemons, started here and stopped by [close].
 */
class ConcurrentSubject(private val subjects: List<Subject>) :
    Subject,
    AutoCloseable {
    init {
        require(subjects.size >= 2) { "a round needs 2 subjects or more, got ${subjects.size}" }
    }

    private val helpers: ExecutorService = Executors.newFixedThreadPool(subjects.size - 1, daemons())

    /** The calls made at once in a round, one per thread. */
    val calls: Int get() = subjects.size

    override val payloadBytes: Int get() = subjects[0].payloadBytes

    override fun payloadContent(): ByteArray = subjects[0].payloadContent()

    override val code: String get() = "${subjects[0].code} on $calls threads at once"

    /** The subjects are single-threaded engines' own: a round has no splits of its own to count. */
    override val splits: SplitCounting? get() = null

    override fun serialize(): Any? = round { it.serialize() }

    override fun deserialize(): Any? = round { it.deserialize() }

    private inline fun round(crossinline call: (Subject) -> Any?): List<Any?> {
        val others: List<Future<Any?>> = subjects.drop(1).map { subject -> helpers.submit(Callable { call(subject) }) }
        val own = call(subjects[0])
        return listOf(own) + others.map { other ->
            try {
                other.get()
            } catch (e: ExecutionException) {
                throw e.cause ?: e
            }
        }
    }

    override fun close() {
        helpers.shutdownNow()
    }

    private companion object {
        fun daemons(): ThreadFactory {
            var made = 0
            return ThreadFactory { task ->
                Thread(task, "serialbench-concurrent-${++made}").apply { isDaemon = true }
            }
        }
    }
}
