package serialbench.io

import serialbench.results.IoPath
import java.io.BufferedInputStream
import java.io.BufferedOutputStream
import java.io.ByteArrayInputStream
import java.io.ByteArrayOutputStream
import java.io.File
import java.io.FileInputStream
import java.io.FileOutputStream

/**
 * One codec's lists of [T] over one [IoPath]: through its library's own API for that path, or, when [adapted],
 * through another of its APIs that the harness adapts (a string's UTF-8 bytes, bytes written to a stream, a stream
 * read into bytes). The `file` path writes and reads a buffered file ([BUFFER_BYTES]) in [scratch].
 *
 * [encodeToBytes] and [decodeFromBytes] take the path end to end, for checks; [subject] prepares what the
 * benchmark times. A failure names the codec, the shape and the path, the library's exception kept as the cause.
 * Thread safe as the codec is, except that a [PathSubject] is used by one thread.
 */
class PathCodec<T : Any> internal constructor(
    val codec: String,
    val shape: String,
    val path: IoPath,
    val adapted: Boolean,
    private val way: PathWay<T>,
    private val scratch: File,
) {
    /** What this path carries for [objects], as bytes: the string's UTF-8, the bytes, what the stream or file got. */
    fun encodeToBytes(objects: List<T>): ByteArray = failing("encode") {
        when (way) {
            is PathWay.Text -> way.encode(objects).encodeToByteArray()

            is PathWay.Bytes -> way.encode(objects)

            is PathWay.Stream -> if (path == IoPath.FILE) {
                val file = scratchFile("encode")
                try {
                    writeFile(objects, file)
                    file.readBytes()
                } finally {
                    file.delete()
                }
            } else {
                ByteArrayOutputStream().also { way.write(objects, it) }.toByteArray()
            }
        }
    }

    /** The list in [bytes], read through this path (for `file`, from a file holding them). */
    fun decodeFromBytes(bytes: ByteArray): List<T> = failing("decode ${bytes.size} bytes") {
        when (way) {
            is PathWay.Text -> way.decode(bytes.decodeToString())

            is PathWay.Bytes -> way.decode(bytes)

            is PathWay.Stream -> if (path == IoPath.FILE) {
                val file = scratchFile("decode")
                try {
                    file.writeBytes(bytes)
                    readFile(file)
                } finally {
                    file.delete()
                }
            } else {
                way.read(ByteArrayInputStream(bytes))
            }
        }
    }

    /**
     * The timed work on [objects] over this path, checked first: their bytes decoded through the path must give
     * [objects] back. [what] names the cell in a failure. Close it to delete its files.
     */
    fun subject(objects: List<T>, what: String): PathSubject {
        val bytes = encodeToBytes(objects)
        val decoded = decodeFromBytes(bytes)
        check(decoded == objects) {
            "$what, path ${path.id}: decoding its own payload gave a different list " +
                "(${decoded.size} objects, first difference at index ${objects.indices.firstOrNull {
                    it >= decoded.size || objects[it] != decoded[it]
                } ?: objects.size})"
        }
        return when (way) {
            is PathWay.Text -> {
                val text = bytes.decodeToString()
                PathSubject(path, bytes, { way.encode(objects) }, { way.decode(text) })
            }

            is PathWay.Bytes -> PathSubject(path, bytes, { way.encode(objects) }, { way.decode(bytes) })

            is PathWay.Stream -> if (path == IoPath.FILE) {
                val output = scratchFile("serialize")
                val input = scratchFile("deserialize").apply { writeBytes(bytes) }
                PathSubject(path, bytes, {
                    writeFile(objects, output)
                    output
                }, { readFile(input) }, listOf(output, input))
            } else {
                // One buffer over memory, reset before each write, as a stream to a socket would be reused.
                val buffer = ByteArrayOutputStream(bytes.size)
                PathSubject(path, bytes, {
                    buffer.reset()
                    way.write(objects, buffer)
                    buffer
                }, { way.read(ByteArrayInputStream(bytes)) })
            }
        }
    }

    override fun toString(): String = "codec $codec, shape $shape, path ${path.id}" + if (adapted) " (adapted)" else ""

    private fun writeFile(objects: List<T>, file: File) {
        BufferedOutputStream(FileOutputStream(file), BUFFER_BYTES).use { (way as PathWay.Stream).write(objects, it) }
    }

    private fun readFile(file: File): List<T> = BufferedInputStream(FileInputStream(file), BUFFER_BYTES).use {
        (way as PathWay.Stream).read(it)
    }

    private fun scratchFile(purpose: String): File {
        scratch.mkdirs()
        return File.createTempFile("$codec-$shape-$purpose-", ".${path.id}", scratch)
    }

    private inline fun <R> failing(what: String, block: () -> R): R = try {
        block()
    } catch (e: Exception) {
        throw IoPathException("$this: failed to $what: ${e.javaClass.simpleName}: ${e.message}", e)
    }

    companion object {
        /** The buffer of the `file` path's streams, each way. */
        const val BUFFER_BYTES = 64 * 1024
    }
}

/** A codec failed on an I/O path; the message names codec, shape and path, the cause is the library's exception. */
class IoPathException(message: String, cause: Throwable) : IllegalArgumentException(message, cause)
