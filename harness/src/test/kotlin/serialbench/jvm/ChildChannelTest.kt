package serialbench.jvm

import kotlinx.serialization.Serializable
import kotlinx.serialization.serializer
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.TestOrder
import java.util.concurrent.TimeUnit
import kotlin.system.exitProcess

/**
 * One typed request in, one typed result out, and one error path: whatever the child does wrong, the parent's
 * exception names it, its exit code and its stack trace or last lines.
 */
@Order(TestOrder.UNIT)
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class ChildChannelTest {
    /** What the test child is asked: to answer, throw, exit on its own, or leave a reply it cannot have written. */
    @Serializable
    class Request(val name: String, val then: String)

    @Serializable
    class Answer(val greeting: String, val maxHeapBytes: Long)

    /** The test child, a `main` that serves [channel]. */
    object Child {
        @JvmStatic
        fun main(args: Array<String>) {
            channel.serve(args) { request ->
                println("working for ${request.name}")
                when (request.then) {
                    "throw" -> fail(request.name)

                    "exit" -> exitProcess(7)

                    "garbage" -> {
                        java.io.File(args[1]).writeText("{not json")
                        exitProcess(0)
                    }
                }
                Answer("hello ${request.name}", Runtime.getRuntime().maxMemory())
            }
        }

        private fun fail(name: String): Nothing = try {
            name.toInt()
            error("unreachable")
        } catch (e: NumberFormatException) {
            throw IllegalStateException("no answer for $name", e)
        }
    }

    private fun call(then: String) =
        channel.call("the child of $then", Child::class.java, listOf("-Xmx64m"), Request("Ada", then), 60_000)

    @Test
    fun `the request goes in typed and the result comes back typed, with the JVM flags as flags`() {
        val answer = call("answer")
        assertThat(answer.greeting).isEqualTo("hello Ada")
        assertThat(answer.maxHeapBytes).isLessThanOrEqualTo(64L shl 20)
    }

    @Test
    fun `a child that throws shows its exception, message, stack trace and exit code in the parent's error`() {
        assertThatThrownBy { call("throw") }
            .isInstanceOf(ChildJvmException::class.java)
            .hasMessageStartingWith(
                "the child of throw: the JVM exited with 1 after java.lang.IllegalStateException: no answer for Ada\n" +
                    "its stack trace:\njava.lang.IllegalStateException: no answer for Ada\n\tat ",
            )
            .hasMessageContaining("at serialbench.jvm.ChildChannelTest\$Child.fail(ChildChannelTest.kt:")
            .hasMessageContaining("Caused by: java.lang.NumberFormatException: For input string: \"Ada\"")
            .satisfies({ e ->
                val failure = e as ChildJvmException
                assertThat(failure.exitCode).isEqualTo(ChildChannel.FAILED_EXIT)
                assertThat(failure.failure?.exceptionClass).isEqualTo("java.lang.IllegalStateException")
                assertThat(failure.failure?.message).isEqualTo("no answer for Ada")
            })
    }

    @Test
    fun `a child that exits without a reply shows its exit code and last lines`() {
        assertThatThrownBy { call("exit") }
            .isInstanceOf(ChildJvmException::class.java)
            .hasMessage(
                "the child of exit: the JVM exited with 7 and gave no reply; its output ends with:\nworking for Ada",
            )
    }

    @Test
    fun `a reply that cannot be read is named with the exit code and last lines`() {
        assertThatThrownBy { call("garbage") }
            .isInstanceOf(ChildJvmException::class.java)
            .hasMessageStartingWith(
                "the child of garbage: the JVM exited with 0 and gave a reply that cannot be read (",
            )
            .hasMessageEndingWith("; its output ends with:\nworking for Ada")
    }

    private companion object {
        val channel = ChildChannel(serializer<Request>(), serializer<Answer>())
    }
}
