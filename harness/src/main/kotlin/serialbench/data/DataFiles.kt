package serialbench.data

import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.encodeToStream
import serialbench.files.Directories
import java.io.File
import java.io.IOException

/**
 * Writes generated data as JSON files to take elsewhere (`bench.writeData`): `<directory>/<shape>-<size>.json`,
 * each the compact kotlinx `Json` array of that shape's elements for that seed and size, which every JSON codec
 * of the benchmark reads. Each shape is generated once, at its largest size; smaller files are its first elements.
 */
object DataFiles {
    /** The file name of [shape] at [size]. */
    fun fileName(shape: Shape<*>, size: Int): String = "${shape.id}-$size.json"

    /**
     * Writes every shape of [sizesByShape] at each of its sizes into [directory], created if missing, and returns
     * the files in that order. Throws [IOException] naming the directory or the file that could not be written.
     */
    fun write(directory: File, sizesByShape: List<Pair<Shape<*>, List<Int>>>, seed: Long): List<File> {
        Directories.create(directory)
        return sizesByShape.flatMap { (shape, sizes) -> writeShape(directory, shape, sizes, seed) }
    }

    @OptIn(ExperimentalSerializationApi::class)
    private fun <T : Any> writeShape(directory: File, shape: Shape<T>, sizes: List<Int>, seed: Long): List<File> {
        if (sizes.isEmpty()) return emptyList()
        val elements = shape.generate(seed, sizes.max())
        val serializer = ListSerializer(shape.serializer)
        return sizes.map { size ->
            val file = File(directory, fileName(shape, size))
            try {
                file.outputStream().buffered().use { out ->
                    Json.encodeToStream(serializer, elements.subList(0, size), out)
                }
            } catch (e: IOException) {
                throw IOException(
                    "could not write shape ${shape.id} at size $size to ${file.absolutePath}: ${e.message}",
                    e,
                )
            }
            file
        }
    }
}
