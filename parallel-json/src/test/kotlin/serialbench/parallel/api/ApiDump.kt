package serialbench.parallel.api

import java.io.File
import java.lang.reflect.Constructor
import java.lang.reflect.Executable
import java.lang.reflect.Field
import java.lang.reflect.Method
import java.lang.reflect.Modifier
import kotlin.reflect.KVisibility
import kotlin.reflect.jvm.kotlinFunction

/**
 * The public API of a library module as it is compiled, one line per class and per member with its JVM
 * signature, in the spirit of kotlinx's binary-compatibility-validator `.api` files: what Java and Kotlin
 * callers link against. Classes Kotlin marks `internal`, synthetic members and the mangled names of `internal`
 * members are left out; so is everything in a package named `internal`.
 */
object ApiDump {
    /** The dump of every class under [classes] (a compiled output folder), sorted, as text. */
    fun of(classes: File, loader: ClassLoader): String = classes.walkTopDown()
        .filter { it.isFile && it.extension == "class" }
        .map { it.relativeTo(classes).path.removeSuffix(".class").replace(File.separatorChar, '.') }
        .filterNot { ".internal." in it }
        .sorted()
        .map { Class.forName(it, false, loader) }
        .filter(::isPublicApi)
        .map(::render)
        .filterNot { it.endsWith("{\n}\n\n") && "Kt {" in it } // a file of internal top-level declarations
        .joinToString("")

    /**
     * Checks the classes of [module], the compiled output folder that holds [anchor], against the dump checked in at
     * `<module>/api/<module>.api` (paths from the reactor's root, where the tests run).
     */
    fun checkModule(module: String, anchor: Class<*>) {
        val classes = File(anchor.protectionDomain.codeSource.location.toURI())
        check(File("$module/api/$module.api"), of(classes, anchor.classLoader), module)
    }

    /**
     * Compares [actual] with the dump checked in at [expected]; with `-Dapi.dump=true` writes it there instead.
     * @throws AssertionError naming the lines added and removed, and how to accept the change.
     */
    fun check(expected: File, actual: String, module: String) {
        if (System.getProperty("api.dump") == "true") {
            expected.parentFile.mkdirs()
            expected.writeText(actual)
            return
        }
        val before = if (expected.isFile) expected.readLines().dropLastWhile { it.isEmpty() } else emptyList()
        val after = actual.lines().dropLastWhile { it.isEmpty() }
        if (before == after) return
        val removed = before - after.toSet()
        val added = after - before.toSet()
        throw AssertionError(
            "The public API of $module differs from ${expected.path}:\n" +
                removed.joinToString("") { "- $it\n" } + added.joinToString("") { "+ $it\n" } +
                "If the change is intended, record it in CHANGELOG.md (a removed or changed call stays one release, " +
                "deprecated) and update the dump: ./mvnw test -pl $module -Dtest=ApiDumpTest -Dapi.dump=true",
        )
    }

    private fun isPublicApi(type: Class<*>): Boolean {
        if (!Modifier.isPublic(type.modifiers) || type.isSynthetic) return false
        if (type.isAnonymousClass || type.isLocalClass) return false
        if (type.isMemberClass && !isPublicApi(type.declaringClass)) return false
        return when (type.getAnnotation(Metadata::class.java)?.kind) {
            null, FILE_FACADE, MULTI_FILE_FACADE -> true

            // Java, or top-level declarations: their members decide
            CLASS -> type.kotlin.visibility.let { it == KVisibility.PUBLIC || it == KVisibility.PROTECTED }

            else -> false // lambdas and other classes the compiler makes
        }
    }

    private fun render(type: Class<*>): String = buildString {
        val kind = when {
            type.isInterface -> "interface"
            type.isEnum -> "enum class"
            else -> "class"
        }
        val supertypes = listOfNotNull(type.superclass?.takeIf { it != Any::class.java }) + type.interfaces
        append(modifiers(type.modifiers))
        append("$kind ${internalName(type)}")
        if (supertypes.isNotEmpty()) append(" : ").append(supertypes.joinToString(", ") { internalName(it) })
        appendLine(" {")
        val members = type.declaredConstructors.filter(::visible).map { "<init> ${descriptor(it)}" to it.modifiers } +
            type.declaredMethods.filter(::visible).map { "fun ${it.name} ${descriptor(it)}" to it.modifiers } +
            type.declaredFields.filter(::visible).map { "field ${it.name} ${descriptorOf(it.type)}" to it.modifiers }
        for ((member, modifiers) in members.sortedBy { it.first }) appendLine("\t${modifiers(modifiers)}$member")
        appendLine("}")
        appendLine()
    }

    /** Public or protected, not made by the compiler but for inline functions with reified types (Kotlin's API). */
    private fun visible(member: Executable): Boolean {
        val modifiers = member.modifiers
        if (!(Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers))) return false
        if (member is Method && (member.isBridge || '$' in member.name)) return false
        val function = when (member) {
            is Method -> runCatching { member.kotlinFunction }.getOrNull()

            is Constructor<*> -> runCatching { member.kotlinFunction }.getOrNull()

            // an `internal constructor` hides
            else -> null
        }
        if (member.isSynthetic && function == null) return false
        return function == null || function.visibility in VISIBLE
    }

    private fun visible(field: Field): Boolean {
        val modifiers = field.modifiers
        val exposed = Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers)
        // the field of an `internal companion object` is public in bytecode, not in Kotlin
        val hiddenCompanion = field.type.declaringClass == field.declaringClass && !isPublicApi(field.type)
        return exposed && !field.isSynthetic && '$' !in field.name && !hiddenCompanion
    }

    private fun modifiers(modifiers: Int): String = buildString {
        if (Modifier.isPublic(modifiers)) append("public ")
        if (Modifier.isProtected(modifiers)) append("protected ")
        if (Modifier.isStatic(modifiers)) append("static ")
        if (Modifier.isAbstract(modifiers)) append("abstract ")
        if (Modifier.isFinal(modifiers)) append("final ")
        if (modifiers and SYNTHETIC != 0) append("synthetic ")
    }

    private fun descriptor(member: Executable): String {
        val parameters = member.parameterTypes.joinToString("") { descriptorOf(it) }
        val returns = if (member is Method) descriptorOf(member.returnType) else "V"
        return "($parameters)$returns"
    }

    private fun descriptorOf(type: Class<*>): String = when {
        type.isArray -> "[" + descriptorOf(type.componentType)
        type == Void.TYPE -> "V"
        type == java.lang.Boolean.TYPE -> "Z"
        type == java.lang.Byte.TYPE -> "B"
        type == java.lang.Character.TYPE -> "C"
        type == java.lang.Short.TYPE -> "S"
        type == Integer.TYPE -> "I"
        type == java.lang.Long.TYPE -> "J"
        type == java.lang.Float.TYPE -> "F"
        type == java.lang.Double.TYPE -> "D"
        else -> "L${internalName(type)};"
    }

    private fun internalName(type: Class<*>): String = type.name.replace('.', '/')

    private val VISIBLE = setOf(KVisibility.PUBLIC, KVisibility.PROTECTED)

    /** The JVM's ACC_SYNTHETIC, which [Modifier] has no name for. */
    private const val SYNTHETIC = 0x1000

    // Kinds of Kotlin's @Metadata.
    private const val CLASS = 1
    private const val FILE_FACADE = 2
    private const val MULTI_FILE_FACADE = 4
}
