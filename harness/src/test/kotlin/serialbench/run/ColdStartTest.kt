package serialbench.run

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.TestOrder
import serialbench.jvm.ChildJvmException
import serialbench.shapes.flat.TestDataGenerator
import java.util.concurrent.TimeUnit

@Order(TestOrder.UNIT)
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class ColdStartTest {
    @Test
    fun `a cold start runs in a JVM of its own and reports creation and first calls`() {
        val row = ColdStart.inFreshJvm("kotlinx-json", "flat", ColdStart.SIZE, TestDataGenerator.DEFAULT_SEED, 2)
        assertThat(row.codec).isEqualTo("kotlinx-json")
        assertThat(row.codecName).isEqualTo("kotlinx Json")
        assertThat(row.shape).isEqualTo("flat")
        assertThat(row.size).isEqualTo(ColdStart.SIZE)
        assertThat(listOf(row.createNanos, row.firstSerializeNanos, row.firstDeserializeNanos))
            .allSatisfy { assertThat(it).isPositive() }
    }

    @Test
    fun `a failing cold start says which codec and shows the other JVM's exception, stack trace and exit code`() {
        assertThatThrownBy { ColdStart.inFreshJvm("no-such-codec", "flat", 10, 1, 2) }
            .isInstanceOf(ChildJvmException::class.java)
            .hasMessageStartingWith(
                "cold start of codec no-such-codec: the JVM exited with 1 after java.lang.IllegalArgumentException: " +
                    "unknown codec id 'no-such-codec'; valid ids: ",
            )
            .hasMessageContaining(
                "its stack trace:\njava.lang.IllegalArgumentException: unknown codec id 'no-such-codec'",
            )
            .hasMessageContaining("\tat serialbench.codecs.Codecs.create(Codecs.kt:")
            .hasMessageContaining("\tat serialbench.run.ChildMain.main(ChildMain.kt:")
    }
}
