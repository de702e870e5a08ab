package serialbench.model

import serialbench.config.Option
import serialbench.config.Reading
import java.io.File
import java.io.IOException
import java.util.zip.ZipFile

/** The options naming the user's own types: the class ([MODEL]) and where its compiled code is ([CLASSPATH]). */
object ModelOptions {
    val MODEL: Option<String?> = Option(
        "bench.model",
        null,
        Reading<String>("a fully qualified class name, e.g. com.example.Order") { name, raw ->
            require(CLASS_NAME.matches(raw)) {
                "$name='$raw' is not a class name; allowed: a fully qualified class name, e.g. com.example.Order " +
                    "(a nested class as com.example.Outer\$Inner)"
            }
            raw
        }.optional(),
        "your own class, the type of bench.input's elements (or of the whole document when it is an object): " +
            "every codec that can bind it is measured on your data",
        common = true,
    )

    val CLASSPATH: Option<List<File>> = Option(
        "bench.classpath",
        emptyList(),
        Reading(
            "folders and jars, separated by '${File.pathSeparator}'",
            { files -> files.joinToString(File.pathSeparator) { it.path } },
        ) { name, raw -> entries(name, raw) },
        "where bench.model's classes are: your compiled classes and the libraries they need that the harness " +
            "lacks (the harness's kotlinx.serialization, Jackson and the other codecs' libraries come first)",
        shownDefault = "none",
    )

    private val CLASS_NAME = Regex("""[\p{L}_$][\p{L}\p{N}_$]*(\.[\p{L}_$][\p{L}\p{N}_$]*)*""")

    private fun entries(name: String, raw: String): List<File> {
        val files = raw.split(File.pathSeparator).map { it.trim() }.filter { it.isNotEmpty() }.map(::File)
        for (file in files) {
            require(file.exists()) {
                "$name='$raw': the entry '${file.path}' does not exist (absolute path ${file.absolutePath}); " +
                    "allowed: existing folders and jars, separated by '${File.pathSeparator}'"
            }
            require(file.isDirectory || file.name.endsWith(".jar")) {
                "$name='$raw': the entry '${file.path}' is neither a folder nor a .jar; allowed: existing folders " +
                    "and jars, separated by '${File.pathSeparator}'"
            }
            if (!file.isDirectory) {
                unreadableJar(file)?.let { problem ->
                    throw IllegalArgumentException(
                        "$name='$raw': the entry '${file.path}' is not a readable jar ($problem); allowed: existing " +
                            "folders and jars (zip files), separated by '${File.pathSeparator}'",
                    )
                }
            }
        }
        return files
    }

    /** Why [jar] cannot be opened as a zip file, or null when it can. */
    private fun unreadableJar(jar: File): String? = try {
        ZipFile(jar).close()
        null
    } catch (e: IOException) {
        "${e.javaClass.simpleName}: ${e.message}"
    }
}
