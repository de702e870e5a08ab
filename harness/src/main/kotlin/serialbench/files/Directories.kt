package serialbench.files

import java.io.File
import java.io.IOException

/** Output folders: whether one can be written, and creating it with an error that says what stands in the way. */
object Directories {
    /**
     * Why [directory] cannot be written to or created as a directory (it is a file, it is not writable, its
     * nearest existing ancestor is a file or not writable), or `null` when it can.
     */
    fun problem(directory: File): String? {
        val absolute = directory.absoluteFile
        return when {
            absolute.exists() && !absolute.isDirectory -> "it exists and is not a directory"

            absolute.exists() && !absolute.canWrite() -> "the directory is not writable"

            absolute.exists() -> null

            else -> {
                val ancestor = generateSequence(absolute.parentFile) { it.parentFile }.firstOrNull { it.exists() }
                when {
                    ancestor == null -> "no part of the path exists"
                    !ancestor.isDirectory -> "it cannot be created: ${ancestor.path} is not a directory"
                    !ancestor.canWrite() -> "it cannot be created: ${ancestor.path} is not writable"
                    else -> null
                }
            }
        }
    }

    /** Creates [directory] and its parents if missing; [IOException] naming the path and the [problem] if it cannot. */
    fun create(directory: File): File {
        if (directory.isDirectory || directory.mkdirs()) return directory
        val why = problem(directory) ?: "it could not be created"
        throw IOException(
            "${directory.path}: $why (absolute path ${directory.absolutePath}); allowed: a writable directory",
        )
    }
}
