package serialbench.parallel.structure

import com.tngtech.archunit.core.domain.JavaClasses
import com.tngtech.archunit.core.importer.ClassFileImporter
import com.tngtech.archunit.core.importer.Location
import com.tngtech.archunit.library.dependencies.SlicesRuleDefinition

/**
 * The packages of one module's compiled main classes and which of them each depends on, read from the bytecode
 * (so what an import, a fully qualified name or an inlined call brings in all counts). Each module's
 * `PackageCyclesTest` calls [assertNoCycles] with one of its main classes; the harness also renders the graph
 * into docs/layout.md.
 */
class PackageGraph private constructor(private val classes: JavaClasses, private val root: String) {
    /** Each package under the root (without it) and the packages under the root it uses, both sorted. */
    val edges: Map<String, Set<String>>
        get() {
            val result = sortedMapOf<String, MutableSet<String>>()
            for (type in classes) {
                val from = relative(type.packageName) ?: continue
                val targets = result.getOrPut(from) { sortedSetOf() }
                for (dependency in type.directDependenciesFromSelf) {
                    val to = relative(dependency.targetClass.packageName) ?: continue
                    if (to != from) targets += to
                }
            }
            return result
        }

    /** Fails, naming each cycle and the classes that close it, if a package depends on itself through others. */
    fun assertNoCycles() {
        SlicesRuleDefinition.slices().matching("$root.(**)").should().beFreeOfCycles().check(classes)
    }

    private fun relative(packageName: String): String? = when {
        packageName == root -> ""
        packageName.startsWith("$root.") -> packageName.removePrefix("$root.")
        else -> null
    }

    companion object {
        /** The graph of the main classes compiled beside [anchor] (its module's `target/classes`), under [root]. */
        fun of(anchor: Class<*>, root: String = "serialbench"): PackageGraph {
            val location = anchor.protectionDomain.codeSource.location.toURI()
            check(location.path.endsWith("/classes/")) { "$anchor is not in a module's classes folder: $location" }
            return PackageGraph(ClassFileImporter().importLocations(listOf(Location.of(location))), root)
        }
    }
}
