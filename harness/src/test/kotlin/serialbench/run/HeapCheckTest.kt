package serialbench.run

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.TestOrder
import serialbench.data.ShapeSettings
import serialbench.shapes.Shapes
import serialbench.shapes.upload.UploadShape

@Order(TestOrder.UNIT)
@Timeout(30)
class HeapCheckTest {
    private val gib = 1L shl 30

    @Test
    fun `the default sizes of every shape fit the benchmark's 8 GiB heap`() {
        HeapCheck.refuseWhatCannotFit(BenchConfig.from(mapOf("bench.shapes" to Shapes.ids.joinToString(","))), 8 * gib)
    }

    @Test
    fun `upload's estimate follows its content size, and too much is refused naming shape, size and property`() {
        val config = BenchConfig.from(
            mapOf("bench.shapes" to "upload", "bench.sizes" to "100", "bench.uploadBytes" to "${16 * 1024 * 1024}"),
        )
        assertThatThrownBy { HeapCheck.refuseWhatCannotFit(config, 8 * gib) }
            .isInstanceOf(IllegalArgumentException::class.java)
            .hasMessageStartingWith("shape upload at size 100 needs about 9601 MiB of heap")
            .hasMessageContaining("lower bench.sizes or bench.uploadBytes or raise -Xmx")
        HeapCheck.refuseWhatCannotFit(config.with(UploadShape.CONTENT_BYTES, 1024 * 1024), 8 * gib)
    }

    @Test
    fun `the largest size that fits a heap counts the same live copies, and is at least one`() {
        val upload = Shapes.byId("upload", ShapeSettings.NONE.with(UploadShape.CONTENT_BYTES, 8 * 1024 * 1024))
        assertThat(
            HeapCheck.largestSizeThatFits(upload, gib),
        ).isEqualTo((gib / ((16L * 1024 * 1024 + 4096) * 3)).toInt())
        assertThat(HeapCheck.largestSizeThatFits(Shapes.FLAT, 1)).isEqualTo(1)
    }

    @Test
    fun `a run's largest need is its largest shape and size, or its input file from its length on disk`() {
        val sizes = HeapCheck.largestNeed(BenchConfig.from(mapOf("bench.sizes" to "10,1000")))
        assertThat(sizes).isEqualTo(
            HeapNeed(
                Shapes.FLAT.heapBytesPerElement * 1000 * 3,
                "bench.sizes=1000 (shape flat)",
                listOf("bench.sizes"),
            ),
        )
        val file = java.io.File("examples/orders.json")
        val input = HeapCheck.largestNeed(BenchConfig.from(mapOf("bench.input" to file.path)))
        assertThat(input.bytes).isEqualTo(file.length() * HeapCheck.HEAP_BYTES_PER_INPUT_BYTE)
        assertThat(input.what).isEqualTo("bench.input='examples/orders.json'")
    }

    @Test
    fun `a run of the document set needs the heap of its largest document, as a file of its size would`() {
        val need = HeapCheck.largestNeed(
            BenchConfig.from(mapOf("bench.sizes" to "10", "bench.documentSet" to "card-1kb,catalog-20mb")),
        )
        assertThat(need).isEqualTo(
            HeapNeed(
                20_000_000L * HeapCheck.HEAP_BYTES_PER_INPUT_BYTE,
                "bench.documentSet=catalog-20mb",
                listOf("bench.documentSet (smaller documents)"),
            ),
        )
    }
}
