package serialbench.io

import serialbench.measure.Subject
import serialbench.results.IoPath
import java.io.File

/**
 * A [PathCodec]'s timed work: [serialize] writes the prepared list over the path again, [deserialize] reads the
 * prepared [payload] back over it. [close] deletes the files of the `file` path.
 */
class PathSubject internal constructor(
    private val path: IoPath,
    private val payload: ByteArray,
    private val write: () -> Any?,
    private val read: () -> Any?,
    private val files: List<File> = emptyList(),
) : Subject,
    AutoCloseable {
    override val code: String get() = "${javaClass.name} ${path.id}"

    override val payloadBytes: Int = payload.size

    override fun payloadContent(): ByteArray = payload

    override fun serialize(): Any? = write()

    override fun deserialize(): Any? = read()

    override fun close() {
        files.forEach { it.delete() }
    }
}
