package serialbench.results

import kotlinx.serialization.Serializable
import java.io.File
import java.io.IOException
import java.net.URI
import java.util.jar.JarFile

/** A library on the classpath and its version, as its jar says. */
@Serializable
data class LibraryVersion(val group: String, val artifact: String, val version: String)

/**
 * The libraries a run used, read from their jars, never typed by hand: each jar's
 * `META-INF/maven/<group>/<artifact>/pom.properties` (Maven-built jars), else its manifest's `Implementation-Title`
 * and `Implementation-Version` (or `Bundle-SymbolicName` and `Bundle-Version`), else nothing. A jar that cannot be
 * read is left out: the list never fails a run.
 */
object Libraries {
    fun onClasspath(loader: ClassLoader = Libraries::class.java.classLoader): List<LibraryVersion> =
        loader.getResources("META-INF/MANIFEST.MF").toList()
            .filter { it.protocol == "jar" }
            .mapNotNull { url ->
                runCatching { File(URI(url.toString().removePrefix("jar:").substringBefore("!/"))) }.getOrNull()
            }
            .distinct()
            .flatMap(::versionsOf)
            .distinct()
            .sortedWith(compareBy({ it.group }, { it.artifact }))

    private fun versionsOf(jar: File): List<LibraryVersion> = try {
        JarFile(jar).use { file ->
            val poms = file.entries().toList()
                .filter { it.name.startsWith("META-INF/maven/") && it.name.endsWith("/pom.properties") }
                .mapNotNull { entry ->
                    val properties = java.util.Properties().apply { file.getInputStream(entry).use(::load) }
                    val group = properties.getProperty("groupId")
                    val artifact = properties.getProperty("artifactId")
                    val version = properties.getProperty("version")
                    if (group != null && artifact != null && version != null) {
                        LibraryVersion(group, artifact, version)
                    } else {
                        null
                    }
                }
            poms.ifEmpty { listOfNotNull(fromManifest(file)) }
        }
    } catch (e: IOException) {
        emptyList()
    } catch (e: SecurityException) {
        emptyList()
    }

    private fun fromManifest(jar: JarFile): LibraryVersion? {
        val attributes = jar.manifest?.mainAttributes ?: return null
        val title = attributes.getValue("Implementation-Title") ?: attributes.getValue("Bundle-SymbolicName")
        val version = attributes.getValue("Implementation-Version") ?: attributes.getValue("Bundle-Version")
        if (title == null || version == null) return null
        return LibraryVersion(
            attributes.getValue("Implementation-Vendor-Id") ?: "",
            title.substringBefore(';').trim(),
            version,
        )
    }
}
