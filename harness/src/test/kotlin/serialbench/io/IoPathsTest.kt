package serialbench.io

import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import org.junit.jupiter.api.Timeout
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.Arguments
import org.junit.jupiter.params.provider.MethodSource
import serialbench.TestOrder
import serialbench.codec.Codec
import serialbench.codec.ShapeSupport
import serialbench.codecs.Codecs
import serialbench.data.Shape
import serialbench.data.TestShapes
import serialbench.results.IoPath
import serialbench.shapes.flat.TestDataGenerator
import java.io.ByteArrayOutputStream
import java.io.File
import java.nio.file.Files

/**
 * Every codec over every I/O path on every shape: an exact round trip through the path (the list written, then read
 * back from what the path carried, and the timed calls doing the same), a truncated payload failing with codec,
 * shape and path named; and which paths are the library's own, adapted, or not supported, and why.
 */
@Order(TestOrder.CODECS)
@Timeout(120)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class IoPathsTest {
    private val seed = TestDataGenerator.DEFAULT_SEED
    private val scratch: File = Files.createTempDirectory("io-paths-test").toFile()
    private val codecs: List<Codec> = Codecs.ids.map { Codecs.create(it, threads = 2) }
    private val supports: List<Triple<Codec, Shape<*>, Pair<IoPath, IoSupport<*>>>> = codecs.flatMap { codec ->
        TestShapes.all.flatMap { shape ->
            IoPath.entries.map { path ->
                Triple(
                    codec,
                    shape,
                    path to IoPaths.support(codec, shape, path, scratch),
                )
            }
        }
    }

    fun paths(): List<Arguments> = supports.mapNotNull { (_, shape, support) ->
        (support.second as? IoSupport.Supported<*>)?.let { Arguments.of(it.codec, shape) }
    }

    @AfterAll
    fun close() {
        codecs.forEach { it.close() }
        scratch.deleteRecursively()
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("paths")
    fun `a list goes over the path and comes back equal, in the checks and in the timed calls`(
        path: PathCodec<*>,
        shape: Shape<*>,
    ) {
        @Suppress("UNCHECKED_CAST")
        assertRoundTrips(path as PathCodec<Any>, shape as Shape<Any>)
    }

    private fun <T : Any> assertRoundTrips(path: PathCodec<T>, shape: Shape<T>) {
        for (objects in listOf(emptyList(), shape.generate(seed, 3), shape.adversarial)) {
            val bytes = path.encodeToBytes(objects)
            assertThat(path.decodeFromBytes(bytes)).isEqualTo(objects)
            path.subject(objects, "test").use { subject ->
                assertThat(subject.payloadBytes).isEqualTo(bytes.size)
                assertThat(subject.deserialize()).isEqualTo(objects)
                val written = when (val out = subject.serialize()) {
                    is String -> out.encodeToByteArray()
                    is ByteArray -> out
                    is ByteArrayOutputStream -> out.toByteArray()
                    is File -> out.readBytes()
                    else -> throw AssertionError("unexpected output of $path: $out")
                }
                assertThat(written).describedAs("what the timed write carried").isEqualTo(bytes)
            }
        }
        assertThat(scratch.listFiles().orEmpty()).describedAs("files left by the file path").isEmpty()
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("paths")
    fun `a JSON payload followed by another value fails on every path, as it does from a string`(
        path: PathCodec<*>,
        shape: Shape<*>,
    ) {
        val codec = codecs.first { it.id == path.codec }
        if (codec.format != Codec.Format.JSON) return
        @Suppress("UNCHECKED_CAST")
        val bytes =
            (path as PathCodec<Any>).encodeToBytes((shape as Shape<Any>).generate(seed, 3)) + " [1]".encodeToByteArray()
        assertThatThrownBy { path.decodeFromBytes(bytes) }
            .isInstanceOf(IoPathException::class.java)
            .hasMessageStartingWith("codec ${path.codec}, shape ${shape.id}, path ${path.path.id}")
        assertThat(scratch.listFiles().orEmpty()).isEmpty()
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("paths")
    fun `a payload cut short fails naming codec, shape and path, with the library's exception as the cause`(
        path: PathCodec<*>,
        shape: Shape<*>,
    ) {
        @Suppress("UNCHECKED_CAST")
        val bytes = (path as PathCodec<Any>).encodeToBytes((shape as Shape<Any>).generate(seed, 3))
        assertThatThrownBy { path.decodeFromBytes(bytes.copyOf(bytes.size - 1)) }
            .isInstanceOf(IoPathException::class.java)
            .hasMessageStartingWith("codec ${path.codec}, shape ${shape.id}, path ${path.path.id}")
            .hasMessageContaining("failed to decode ${bytes.size - 1} bytes: ")
            .hasCauseInstanceOf(Exception::class.java)
        assertThat(scratch.listFiles().orEmpty()).isEmpty()
    }

    @Test
    fun `binary codecs have no string path, and every other path is supported unless the library fails on it`() {
        for ((codec, shape, support) in supports.filter { (codec, shape) ->
            codec.support(shape) is ShapeSupport.Supported
        }) {
            val (path, ioSupport) = support
            val reason = (ioSupport as? IoSupport.Unsupported<*>)?.reason
            val where = "${codec.id} ${shape.id} ${path.id}"
            if (codec.format != Codec.Format.JSON && path == IoPath.STRING) {
                assertThat(reason).describedAs(where).isEqualTo(IoPaths.BINARY_FORMAT)
            } else if (reason != null) {
                // fastjson2 reads some of upload's base64 from a String but refuses it from UTF-8 bytes.
                assertThat(reason).describedAs(where)
                    .matches("the library fails on this shape's adversarial data over this path: .+")
            }
        }
    }

    @Test
    fun `a path is adapted exactly where the library has no API for it`() {
        val adapted = supports.filter { it.second.id == "flat" }.mapNotNull { (codec, _, support) ->
            (
                (support.second as? IoSupport.Supported<*>)?.codec?.takeIf {
                    it.adapted
                }
                )?.let { "${codec.id} ${it.path.id}" }
        }
        assertThat(adapted).containsExactlyInAnyOrder(
            "kotlinx-json bytes",
            "kotlinx-cbor stream", "kotlinx-cbor file",
            "kotlinx-protobuf stream", "kotlinx-protobuf file",
            "fory-json stream", "fory-json file",
            "kryo stream", "kryo file",
            "fastjson2-parallel bytes", "fastjson2-parallel stream", "fastjson2-parallel file",
            "dsl-json string",
            "gson bytes",
            "moshi bytes",
        )
    }
}
