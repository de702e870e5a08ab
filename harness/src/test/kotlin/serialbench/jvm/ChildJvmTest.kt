package serialbench.jvm

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.TestOrder
import java.util.concurrent.TimeUnit
import kotlin.system.exitProcess

/** The one launcher of child JVMs: its output relayed and kept, its exit code, a bounded wait. */
@Order(TestOrder.UNIT)
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class ChildJvmTest {
    /** A child: prints its first argument and a line on each stream, then exits with the code asked, or sleeps. */
    object Child {
        @JvmStatic
        fun main(args: Array<String>) {
            println("hello from ${args[0]}")
            System.err.println("a warning")
            if (args[1] == "sleep") Thread.sleep(Long.MAX_VALUE)
            exitProcess(args[1].toInt())
        }
    }

    @Test
    fun `every line reaches the caller and the tail, and the exit code is kept`() {
        val lines = mutableListOf<String>()
        val finished = ChildJvm("a child", Child::class.java, listOf("-Xmx64m"), listOf("Ada", "3"))
            .run(60_000) { synchronized(lines) { lines += it } }

        assertThat(finished.exitCode).isEqualTo(3)
        assertThat(lines).containsExactlyInAnyOrder("hello from Ada", "a warning")
        assertThat(finished.tail).containsExactlyInAnyOrderElementsOf(lines)
    }

    @Test
    fun `a child that overruns its time is ended and named`() {
        val child = ChildJvm("a sleeping child", Child::class.java, listOf("-Xmx64m"), listOf("Ada", "sleep"))
        assertThatThrownBy { child.run(2_000) }
            .isInstanceOf(IllegalStateException::class.java)
            .hasMessage("a sleeping child: the JVM did not finish within 2 s")
    }
}
