package serialbench.data

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.TestOrder
import serialbench.shapes.Shapes
import serialbench.shapes.events.EventStatus
import serialbench.shapes.events.Side
import serialbench.shapes.events.Sport
import serialbench.shapes.upload.UploadShape

@Order(TestOrder.UNIT)
@Timeout(30)
class ShapesTest {
    @Test
    fun `the registry holds flat, events and upload, each with its own default sizes`() {
        assertThat(Shapes.ids).contains("flat", "events", "upload").doesNotHaveDuplicates()
        assertThat(Shapes.FLAT.defaultSizes).containsExactly(10, 100, 1_000, 10_000, 100_000)
        assertThat(Shapes.EVENTS.defaultSizes).containsExactly(1, 20, 50, 1_000, 10_000)
        assertThat(Shapes.UPLOAD.defaultSizes).containsExactly(1, 10, 100)
    }

    @Test
    fun `an unknown id fails with the valid ones`() {
        assertThatThrownBy { Shapes.byId("tree") }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessage("unknown shape 'tree'; valid shapes: ${Shapes.ids.joinToString(", ")}")
    }

    @Test
    fun `upload is made with the run's content size, which its description and heap estimate follow`() {
        val small = Shapes.byId("upload", ShapeSettings.NONE.with(UploadShape.CONTENT_BYTES, 1000))
        val upload = Shapes.upload(ShapeSettings.NONE.with(UploadShape.CONTENT_BYTES, 1000))
        assertThat(upload.generate(1, 1).single().content).hasSize(1000)
        assertThat(small.description).contains("1,000 bytes of random content each")
        assertThat(Shapes.UPLOAD.description).contains("262,144 bytes")
        assertThat(small.heapBytesPerElement).isEqualTo(2 * 1000L + 4096)
        assertThat(Shapes.UPLOAD.heapBytesPerElement).isGreaterThan(2L * 256 * 1024)
        assertThat(Shapes.byId("events", ShapeSettings.NONE.with(UploadShape.CONTENT_BYTES, 1000)))
            .isSameAs(Shapes.EVENTS)
    }

    @Test
    fun `events lists every class and enum an event holds, for libraries that register classes`() {
        assertThat(Shapes.EVENTS.classes.first()).isEqualTo(Shapes.EVENTS.elementClass)
        assertThat(Shapes.EVENTS.classes).contains(Sport::class.java, EventStatus::class.java, Side::class.java)
        assertThat(Shapes.all).allSatisfy { assertThat(it.classes.first()).isEqualTo(it.elementClass) }
    }
}
