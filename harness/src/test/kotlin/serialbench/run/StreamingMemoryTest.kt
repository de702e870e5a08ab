package serialbench.run

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.TestOrder
import serialbench.jvm.ChildJvmException
import java.util.concurrent.TimeUnit

/** A bounded-memory decode is a child JVM with `-Xmx` as a flag and the decode as its task. */
@Order(TestOrder.UNIT)
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class StreamingMemoryTest {
    @Test
    fun `a decoder reads a generated stream in a JVM with the heap given`() {
        val rows = StreamingMemory.inFreshJvm(listOf("kotlinx-json/sequence"), "flat", 500, 3, 1, null, "64m")

        val row = rows.single()
        assertThat("${row.codec}/${row.decoder}").isEqualTo("kotlinx-json/sequence")
        assertThat(row.elements).isEqualTo(500)
        assertThat(row.source).isEqualTo(StreamingMemory.GENERATED)
        assertThat(row.maxHeapBytes).isLessThanOrEqualTo(StreamingMemory.heapBytes("64m"))
        assertThat(row.jvmFlags).containsExactly("-Xmx64m")
    }

    @Test
    fun `a decoder the child cannot find fails with its exception and the decode named`() {
        assertThatThrownBy { StreamingMemory.inFreshJvm(listOf("kotlinx-json/nothing"), "flat", 5, 3, 1, null, "64m") }
            .isInstanceOf(ChildJvmException::class.java)
            .hasMessageStartingWith(
                "streaming memory of kotlinx-json/nothing on flat, N = 5, -Xmx64m: the JVM exited with 1 after " +
                    "java.lang.IllegalArgumentException: unknown decoder 'kotlinx-json/nothing'; valid decoders: ",
            )
            .hasMessageContaining("its stack trace:\njava.lang.IllegalArgumentException: unknown decoder")
            .hasMessageContaining("\tat serialbench.run.BoundedMemoryDecode.measure(BoundedMemoryDecode.kt:")
    }
}
