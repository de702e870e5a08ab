package serialbench.parallel.api

import com.tngtech.archunit.core.domain.JavaClass
import com.tngtech.archunit.core.domain.JavaClasses
import com.tngtech.archunit.core.importer.ClassFileImporter
import java.io.File
import java.lang.reflect.Executable
import java.net.URLClassLoader
import java.nio.file.Path

/**
 * The check that a library's compiled classes run on the lowest versions it supports: every class, method,
 * constructor and field of Kotlin's standard library, kotlinx-serialization and kotlinx-coroutines that the classes
 * use must exist in the floor's jars ([floorJars], copied by the build into `target/floor`), or the call fails there
 * with `NoSuchMethodError` or `NoClassDefFoundError` (a default-argument bridge that moved, a class made public in a
 * later release). Classes reached by reflection only are not seen: their code must handle their absence.
 */
class FloorApi(floorJars: List<File>) : AutoCloseable {
    private val loader = URLClassLoader(
        floorJars.map { it.toURI().toURL() }.toTypedArray(),
        ClassLoader.getPlatformClassLoader(),
    )

    /** Each use in [classes] that the floor lacks, as `owner.member(parameters) used by class`, sorted. */
    fun missing(classes: JavaClasses): List<String> = classes.flatMap { javaClass ->
        val user = javaClass.name
        val types = javaClass.directDependenciesFromSelf.map { it.targetClass.baseComponentType.name }.toSet()
            .filter(::checked).filter { load(it) == null }.map { "$it (a class) used by $user" }
        val calls = (javaClass.methodCallsFromSelf + javaClass.constructorCallsFromSelf).map { it.target }
            .filter { checked(it.owner.name) }
            .filterNot { hasMember(it.owner.name, it.name, it.rawParameterTypes.map(JavaClass::getName)) }
            .map { target ->
                "${target.owner.name}.${target.name}(${target.rawParameterTypes.joinToString {
                    it.name
                }}) used by $user"
            }
        val fields = javaClass.fieldAccessesFromSelf.map { it.target }.filter { checked(it.owner.name) }
            .filterNot { hasField(it.owner.name, it.name) }
            .map { "${it.owner.name}.${it.name} (a field) used by $user" }
        types + calls + fields
    }.distinct().sorted()

    /** [missing] of the module whose compiled classes hold [libraryClass] (its `target/classes` or its jar). */
    fun missingInModuleOf(libraryClass: Class<*>): List<String> {
        val classes = ClassFileImporter().importPath(Path.of(libraryClass.protectionDomain.codeSource.location.toURI()))
        check(classes.contain(libraryClass)) { "${libraryClass.name} is not among the classes imported beside it" }
        return missing(classes)
    }

    override fun close() = loader.close()

    private fun checked(className: String) = className.startsWith("kotlin.") || className.startsWith("kotlinx.")

    private fun load(name: String): Class<*>? = try {
        Class.forName(name, false, loader)
    } catch (e: ClassNotFoundException) {
        null
    } catch (e: LinkageError) {
        null
    }

    private fun hasMember(owner: String, name: String, parameters: List<String>): Boolean {
        val type = load(owner) ?: return false
        return hierarchy(type).any { declaring ->
            val members: List<Executable> = if (name == CONSTRUCTOR) {
                declaring.declaredConstructors.toList()
            } else {
                declaring.declaredMethods.filter { it.name == name }
            }
            members.any { member -> member.parameterTypes.map { it.name } == parameters }
        }
    }

    private fun hasField(owner: String, name: String): Boolean {
        val type = load(owner) ?: return false
        return hierarchy(type).any { declaring -> declaring.declaredFields.any { it.name == name } }
    }

    /** [type], its superclasses and every interface they implement. */
    private fun hierarchy(type: Class<*>): List<Class<*>> {
        val seen = LinkedHashSet<Class<*>>()
        val pending = ArrayDeque(listOf(type))
        while (pending.isNotEmpty()) {
            val next = pending.removeFirst()
            if (!seen.add(next)) continue
            next.superclass?.let(pending::addLast)
            pending.addAll(next.interfaces)
        }
        return seen.toList()
    }

    companion object {
        private const val CONSTRUCTOR = "<init>"

        /** The floor's jars the build copied next to [testClasses] (`target/floor`), failing if there are none. */
        fun floorJars(testClasses: Class<*>): List<File> {
            val target = File(testClasses.protectionDomain.codeSource.location.toURI()).parentFile
            val jars = File(target, "floor").listFiles { file -> file.name.endsWith(".jar") }.orEmpty().toList()
            check(jars.isNotEmpty()) { "no floor jars in ${File(target, "floor")}: the build copies them there" }
            return jars.sortedBy { it.name }
        }
    }
}
