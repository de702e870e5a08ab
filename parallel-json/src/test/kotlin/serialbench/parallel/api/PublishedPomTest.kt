package serialbench.parallel.api

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.w3c.dom.Element
import java.io.File
import javax.xml.parsers.DocumentBuilderFactory

/**
 * What a service's build reads of this library: the POM the install and a release publish
 * (`parallel-json/target/.flattened-pom.xml`). Its dependencies are the lowest supported versions (the root POM's
 * `*.floor.version`), so it moves no consumer's version up, whether nearest wins (Maven) or the highest (Gradle:
 * a Kotlin 2.2.21 project's own stdlib 2.2.21 beats the 2.2.0 asked for here, where 2.4.10 would have beaten it).
 * No Gradle runs on this machine (Gradle is not served from Maven Central), so its resolution is read from here.
 */
class PublishedPomTest {
    private val root = File("pom.xml")
    private val published = File("parallel-json/target/.flattened-pom.xml")

    @Test
    fun `the published POM asks for the lowest supported Kotlin, kotlinx-serialization and coroutines, nothing else`() {
        assertThat(published).`as`("the flattened POM the build writes before the tests").isFile()
        val floor = xml(root).child("properties")
        val dependencies = xml(published).child("dependencies").children("dependency")
            .map { "${it.text("groupId")}:${it.text("artifactId")}:${it.text("version")}:${it.text("scope")}" }

        assertThat(xml(published).children("parent")).isEmpty()
        assertThat(dependencies).containsExactlyInAnyOrder(
            "org.jetbrains.kotlin:kotlin-stdlib:${floor.text("kotlin.floor.version")}:compile",
            "org.jetbrains.kotlinx:kotlinx-serialization-json:${floor.text(
                "kotlinx-serialization.floor.version",
            )}:compile",
            "org.jetbrains.kotlinx:kotlinx-coroutines-core:${floor.text("kotlinx-coroutines.floor.version")}:compile",
        )
    }

    private fun xml(file: File): Element =
        DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file).documentElement

    private fun Element.children(name: String): List<Element> = (0 until childNodes.length).map {
        childNodes.item(it)
    }.filterIsInstance<Element>().filter { it.tagName == name }

    private fun Element.child(name: String): Element = children(name).single()

    private fun Element.text(name: String): String = child(name).textContent.trim()
}
