package serialbench.model

import java.lang.reflect.Field
import java.lang.reflect.Modifier
import java.util.IdentityHashMap
import java.util.concurrent.ConcurrentHashMap

/**
 * The classes an object graph holds, in the order a walk from its roots first meets them: what Fory and Kryo
 * register up front for a user's type, as their documentation asks (the same data gives the same order, so the
 * same ids in every JVM). The walk enters collections, maps, object arrays and the fields of the user's own
 * classes; the JDK's and Kotlin's classes (`BigDecimal`, `Instant`, `String`) are leaves.
 */
internal object ObjectGraph {
    fun classes(roots: List<Any>): List<Class<*>> {
        val found = LinkedHashSet<Class<*>>()
        val visited = IdentityHashMap<Any, Unit>()
        val pending = ArrayDeque<Any>()
        roots.asReversed().forEach(pending::addLast)
        while (pending.isNotEmpty()) {
            val value = pending.removeLast()
            if (visited.put(value, Unit) != null) continue
            found += value.javaClass
            children(value).asReversed().forEach(pending::addLast)
        }
        return found.toList()
    }

    /** What [value] holds that the walk enters, in order. */
    fun children(value: Any): List<Any> = when {
        value is Collection<*> -> value.filterNotNull()
        value is Map<*, *> -> value.entries.flatMap { listOfNotNull(it.key, it.value) }
        value is Array<*> -> value.filterNotNull()
        isOwn(value.javaClass) -> fields(value.javaClass).mapNotNull { it.get(value) }
        else -> emptyList()
    }

    /** A class of the user's (or of any library outside the JDK and Kotlin), whose fields the walk enters. */
    fun isOwn(type: Class<*>): Boolean = !type.isEnum && !type.isArray && !type.isPrimitive &&
        PLATFORM_PACKAGES.none { type.name.startsWith(it) }

    /** The instance fields of [type] and its superclasses, superclass first, each made readable. */
    fun fields(type: Class<*>): List<Field> = fieldsByClass.computeIfAbsent(type) { readableFields(it) }

    private val fieldsByClass = ConcurrentHashMap<Class<*>, List<Field>>()

    private fun readableFields(type: Class<*>): List<Field> = generateSequence(type) { it.superclass }
        .takeWhile { it != Any::class.java }
        .toList()
        .asReversed()
        .flatMap { owner -> owner.declaredFields.filter { !Modifier.isStatic(it.modifiers) && !it.isSynthetic } }
        .onEach { it.isAccessible = true }

    private val PLATFORM_PACKAGES = listOf("java.", "javax.", "jdk.", "sun.", "kotlin.")
}
