package serialbench.model

import java.io.File
import java.net.URLClassLoader
import java.util.concurrent.ConcurrentHashMap

/**
 * One class loader per `bench.classpath` in a JVM, so that every shape and codec made from the same options sees the
 * same classes. The harness's own classes and libraries come first (the parent): a user's class compiled against
 * kotlinx.serialization or Jackson annotations uses the harness's, and a copy of them on the classpath is unused.
 */
internal object ModelClassLoaders {
    private val byEntries = ConcurrentHashMap<List<String>, ClassLoader>()

    fun of(entries: List<File>): ClassLoader {
        if (entries.isEmpty()) return parent
        val key = entries.map { it.absoluteFile.normalize().path }
        return byEntries.computeIfAbsent(key) {
            URLClassLoader("bench.classpath", key.map { File(it).toURI().toURL() }.toTypedArray(), parent)
        }
    }

    private val parent: ClassLoader = ModelClassLoaders::class.java.classLoader
}
