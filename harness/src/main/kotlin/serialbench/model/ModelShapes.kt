package serialbench.model

import serialbench.codec.CodecCheck
import serialbench.config.Option
import serialbench.data.Documents
import serialbench.data.Shape
import serialbench.data.ShapeKey
import serialbench.data.ShapeSettings
import serialbench.input.InputDocument
import serialbench.input.InputOptions
import serialbench.results.JsonTopLevel
import java.io.File
import java.util.concurrent.ConcurrentHashMap

/**
 * The user's own type as a shape (`model:<SimpleName>`): `bench.model`'s class, loaded from `bench.classpath`, and
 * `bench.input`'s data. The file's elements (a top-level array) or the file itself (a top-level object: a list of one
 * document) decoded by the reference library ([ReferenceDecode]) are the objects every codec is measured on; a size
 * other than the file's repeats them in order. What the report says of it is the shape's [SAMPLE].
 *
 * Made once per JVM for the same options (forks and fresh JVMs make their own from the same options, and the
 * same file gives them the same objects); anything wrong (no file, an unknown class, a file that does not match
 * it) fails with a [ModelException] or the file's error, before anything is timed.
 */
object ModelShapes {
    /** The prefix of a model's shape id. */
    const val PREFIX = "model:"

    /** The options a model shape is made from, handed with the shapes' settings to forks and fresh JVMs. */
    val OPTIONS: List<Option<*>> = listOf(InputOptions.INPUT, ModelOptions.MODEL, ModelOptions.CLASSPATH)

    /** What the report and results say of a model shape. */
    val SAMPLE = ShapeKey<ModelSample>("the user's type and file")

    private val made = ConcurrentHashMap<List<String>, Shape<*>>()

    /** The shape id of the model [settings] name, null without `bench.model`. */
    fun idOf(settings: ShapeSettings): String? = settings[ModelOptions.MODEL]?.let {
        PREFIX +
            it.substringAfterLast('.').substringAfterLast('$')
    }

    /** The model shape of [settings], null without `bench.model`. */
    fun of(settings: ShapeSettings): Shape<*>? {
        val name = settings[ModelOptions.MODEL] ?: return null
        val file = settings[InputOptions.INPUT]
            ?: throw ModelException(
                "${ModelOptions.MODEL}='$name' needs ${InputOptions.INPUT}, a JSON file of its data",
            )
        val classpath = settings[ModelOptions.CLASSPATH]
        val key = listOf(name, file.absolutePath) + classpath.map { it.absolutePath }
        return made.computeIfAbsent(key) { make(ModelType.load(name, classpath), file) }
    }

    private fun <T : Any> make(type: ModelType<T>, file: File): Shape<T> {
        val document = InputDocument.read(file)
        val isArray = document.outline.topLevel == JsonTopLevel.ARRAY
        val listText = if (isArray) document.text else "[${document.text}]"
        val elements = ReferenceDecode.decode(type, document.text, isArray, "${InputOptions.INPUT}='${file.path}'")
        if (elements.isEmpty()) {
            throw ModelException("${InputOptions.INPUT}='${file.path}' is an empty array: there is nothing to measure")
        }
        val reference = ReferenceDecode.codecOf(type)
        val sample =
            ModelSample(type.type.name, document.outline, type.classpath.map { it.path }, reference, isArray, listText)
        val jsonBytesPerElement = maxOf(1L, document.outline.sizeBytes / elements.size)
        return Shape(
            id = PREFIX + type.simpleName,
            description = "your class `${type.type.name}`, " +
                (if (isArray) "the ${elements.size} elements of `${file.name}`" else "the document `${file.name}`") +
                " as $reference decodes it; another size repeats them in order",
            elementClass = type.type,
            serializerOrNull = type.serializer,
            defaultSizes = listOf(elements.size),
            classes = listOf(type.type) + (ObjectGraph.classes(elements) - type.type),
            heapBytesPerElement = maxOf(MIN_HEAP_BYTES_PER_ELEMENT, jsonBytesPerElement * HEAP_PER_JSON_BYTE),
            adversarial = elements.take(ADVERSARIAL_ELEMENTS),
            extensions = mapOf(SAMPLE to sample, CodecCheck.KEY to ModelCodecCheck(sample, elements)) +
                (if (isArray) emptyMap() else mapOf(Documents.ONE_DOCUMENT to true)),
        ) { _, count -> List(count) { elements[it % elements.size] } }
    }

    /** Decoded objects take several times their JSON's bytes; the heap check refuses sizes beyond it. */
    private const val HEAP_PER_JSON_BYTE = 8L
    private const val MIN_HEAP_BYTES_PER_ELEMENT = 1_024L

    /** The first elements, which the correctness checks of decoders from a stream read. */
    private const val ADVERSARIAL_ELEMENTS = 20
}
