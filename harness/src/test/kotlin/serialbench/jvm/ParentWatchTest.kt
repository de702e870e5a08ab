package serialbench.jvm

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import java.io.PipedInputStream
import java.io.PipedOutputStream
import java.util.concurrent.CountDownLatch
import java.util.concurrent.TimeUnit

@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ParentWatchTest {
    @Test
    fun `a child is told its parent has gone when its standard input ends, not before`() {
        val parentEnd = PipedOutputStream()
        val childStdin = PipedInputStream(parentEnd)
        val gone = CountDownLatch(1)
        val watcher = ParentWatch.watch(childStdin) { gone.countDown() }

        parentEnd.write("ignored".toByteArray())
        parentEnd.flush()
        assertThat(gone.await(200, TimeUnit.MILLISECONDS)).`as`("the parent is still there").isFalse()

        parentEnd.close()
        assertThat(gone.await(10, TimeUnit.SECONDS)).`as`("the parent's end closed").isTrue()
        watcher.join(10_000)
        assertThat(watcher.isAlive).isFalse()
    }
}
