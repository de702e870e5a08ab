package serialbench.jvm

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import java.util.concurrent.CountDownLatch
import java.util.concurrent.TimeUnit
import java.util.concurrent.TimeoutException
import java.util.concurrent.atomic.AtomicBoolean
import kotlin.system.exitProcess

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ParentWatchTest {
    @Test
    fun `a child is told its parent has gone once the parent is no longer alive, not before`() {
        val alive = AtomicBoolean(true)
        val gone = CountDownLatch(1)
        val watcher = ParentWatch.watch(alive::get, pollMillis = 10) { gone.countDown() }

        assertThat(gone.await(200, TimeUnit.MILLISECONDS)).`as`("the parent is still there").isFalse()

        alive.set(false)
        assertThat(gone.await(10, TimeUnit.SECONDS)).`as`("the parent has gone").isTrue()
        watcher.join(10_000)
        assertThat(watcher.isAlive).isFalse()
    }

    @Test
    fun `a parent is gone once this JVM's parent is no longer the process that started it`() {
        val parent = ProcessHandle.current().parent().orElseThrow().pid()
        assertThat(ParentWatch.parentAlive(startedBy = parent)()).`as`("started by its parent").isTrue()
        assertThat(ParentWatch.parentAlive(startedBy = null)()).`as`("the parent it has").isTrue()
        // a parent that exited before the child looked left it to another process, which lives on
        assertThat(ParentWatch.parentAlive(startedBy = ProcessHandle.current().pid())()).isFalse()
    }

    @Test
    fun `a child JVM whose parent exits stops on its own`() {
        val parent = ChildJvm("a parent that exits", ShortLivedParent::class.java, emptyList()).run(TIMEOUT_MILLIS)
        assertThat(parent.exitCode).`as`(parent.tailText()).isZero()
        val childPid = parent.tail.last().toLong()
        val child = ProcessHandle.of(childPid)
        try {
            child.ifPresent { it.onExit().get(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS) }
        } catch (e: TimeoutException) {
            throw AssertionError("the child $childPid still runs ${TIMEOUT_MILLIS / 1000} s after its parent exited", e)
        } finally {
            child.ifPresent { it.destroyForcibly() }
        }
    }

    /** A JVM that starts a [WatchingChild], prints its process id and exits at once. */
    object ShortLivedParent {
        @JvmStatic
        fun main(args: Array<String>) {
            val child = ProcessBuilder(ChildJvm("a watching child", WatchingChild::class.java, emptyList()).command)
                .start()
            println(child.pid())
            System.out.flush()
            exitProcess(0)
        }
    }

    /** A JVM that watches its parent and would otherwise sleep far longer than the test waits. */
    object WatchingChild {
        @JvmStatic
        fun main(args: Array<String>) {
            ParentWatch.haltWhenParentGoes("the test's child")
            Thread.sleep(10 * TIMEOUT_MILLIS)
        }
    }

    private companion object {
        const val TIMEOUT_MILLIS = 20_000L
    }
}
