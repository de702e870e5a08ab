package serialbench.measure

import kotlinx.serialization.json.Json
import serialbench.codec.ListCodec
import serialbench.codec.listCodec
import serialbench.codecs.Codecs
import serialbench.config.OptionValues
import serialbench.data.ShapeSettings
import serialbench.jvm.ChildJvm
import serialbench.results.ColdStartRow
import serialbench.shapes.Shapes

/**
 * Measures [ColdStartRow]s, each codec in a JVM of its own started for it: in the benchmark's JVM every codec
 * after the first would find classes it shares with earlier ones (kotlinx's, Jackson's) loaded and compiled.
 * When codecs are measured in forks, each fork measures its cold start first ([measureHere]) instead.
 */
object ColdStart {
    /** Elements in the first calls: large enough to leave the interpreter, small enough not to be the cost. */
    const val SIZE = 1_000

    /** The fresh JVM's flags: its heap is not the benchmark's, since one call of [SIZE] objects needs little. */
    val JVM_FLAGS: List<String> = listOf("-Xmx1g")

    /** The fresh JVM's heap, as [JVM_FLAGS] set it: a cold start of big elements measures fewer of them. */
    const val HEAP_BYTES: Long = 1L shl 30

    private const val TIMEOUT_SECONDS = 120L
    private const val RESULT_PREFIX = "cold-start-result "

    /** Starts `java` from this JVM's home with this JVM's class path and measures [codecId] there. */
    fun inFreshJvm(
        codecId: String,
        shapeId: String,
        size: Int,
        seed: Long,
        threads: Int,
        settings: ShapeSettings = ShapeSettings.NONE,
    ): ColdStartRow {
        val arguments = listOf(codecId, shapeId, "$size", "$seed", "$threads")
        val describe = "cold start of codec $codecId"
        val finished = ChildJvm(describe, ColdStart::class.java, JVM_FLAGS, arguments, settings.asProperties())
            .run(TIMEOUT_SECONDS * 1000, RESULT_PREFIX)
        val line = finished.results.firstOrNull()
        check(finished.exitCode == 0 && line != null) {
            "$describe: the JVM exited with ${finished.exitCode} and no result; its output ends with:\n${finished.tailText()}"
        }
        return Json.decodeFromString(ColdStartRow.serializer(), line)
    }

    /**
     * Must run first in its JVM: times creation (the codec and its list codec for the shape), then one
     * serialization and one deserialization.
     */
    fun measureHere(
        codecId: String,
        shapeId: String,
        size: Int,
        seed: Long,
        threads: Int,
        settings: ShapeSettings = ShapeSettings.NONE,
    ): ColdStartRow {
        val shape = Shapes.byId(shapeId, settings)
        val objects = shape.generate(seed, size)
        val createStart = System.nanoTime()
        Codecs.create(codecId, threads).use { codec ->
            @Suppress("UNCHECKED_CAST")
            val lists = codec.listCodec(shape) as ListCodec<Any>
            val serializeStart = System.nanoTime()
            val payload = lists.encode(objects)
            val deserializeStart = System.nanoTime()
            val decoded = lists.decode(payload)
            val end = System.nanoTime()
            check(decoded == objects) { "codec $codecId, shape $shapeId at size $size: decoding its own payload gave a different list" }
            return ColdStartRow(
                codec = codecId,
                codecName = codec.displayName,
                shape = shapeId,
                size = size,
                createNanos = serializeStart - createStart,
                firstSerializeNanos = deserializeStart - serializeStart,
                firstDeserializeNanos = end - deserializeStart,
            )
        }
    }

    /**
     * Arguments: codec id, shape id, size, seed, threads; the shapes' settings come as system properties. Prints one
     * result line for [inFreshJvm].
     */
    @JvmStatic
    fun main(args: Array<String>) {
        require(args.size == 5) {
            "usage: ColdStart <codec id> <shape id> <size> <seed> <threads>; got ${args.toList()}"
        }
        val settings = OptionValues.read(Shapes.options, System::getProperty)
        val row = measureHere(args[0], args[1], args[2].toInt(), args[3].toLong(), args[4].toInt(), settings)
        println(RESULT_PREFIX + Json.encodeToString(ColdStartRow.serializer(), row))
    }
}
