package serialbench.jvm

import java.util.concurrent.TimeUnit
import kotlin.system.exitProcess
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.TestOrder

/** The one launcher of child JVMs: results apart from the rest of the output, exit code, a bounded wait. */
@Order(TestOrder.UNIT)
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class ChildJvmTest {
    /** A child: prints its arguments' results and a line on each stream, then exits with the code asked, or sleeps. */
    object Child {
        @JvmStatic
        fun main(args: Array<String>) {
            println("hello from ${System.getProperty("child.name")}")
            System.err.println("a warning")
            println("result: ${args[0]}")
            if (args[1] == "sleep") Thread.sleep(Long.MAX_VALUE)
            exitProcess(args[1].toInt())
        }
    }

    @Test
    fun `results come apart from the other lines, which reach the caller and the tail, and the exit code is kept`() {
        val lines = mutableListOf<String>()
        val finished = ChildJvm("a child", Child::class.java, listOf("-Xmx64m"), listOf("42", "3"), mapOf("child.name" to "Ada"))
            .run(60_000, resultPrefix = "result: ") { synchronized(lines) { lines += it } }

        assertThat(finished.exitCode).isEqualTo(3)
        assertThat(finished.results).containsExactly("42")
        assertThat(lines).containsExactlyInAnyOrder("hello from Ada", "a warning")
        assertThat(finished.tail).containsExactlyInAnyOrderElementsOf(lines)
    }

    @Test
    fun `a child that overruns its time is ended and named`() {
        val child = ChildJvm("a sleeping child", Child::class.java, listOf("-Xmx64m"), listOf("0", "sleep"))
        assertThatThrownBy { child.run(2_000) }
            .isInstanceOf(IllegalStateException::class.java)
            .hasMessage("a sleeping child: the JVM did not finish within 2 s")
    }
}
