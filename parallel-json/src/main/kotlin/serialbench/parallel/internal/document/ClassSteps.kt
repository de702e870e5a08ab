package serialbench.parallel.internal.document

import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.descriptors.StructureKind
import kotlinx.serialization.json.JsonNames
import serialbench.parallel.internal.scan.Brackets
import serialbench.parallel.internal.scan.DocumentOutline
import java.util.concurrent.ConcurrentHashMap

/**
 * How a typed document is followed ([DocumentOutline.Step]): through the members of classes, from their
 * descriptors, to members whose descriptor is a list or a map. Only a plain class is followed: one whose members
 * are found by their names as written (no `@JsonNames`), not a value class, a polymorphic or a sealed one, nor an
 * object. Whether the serializer met at a place is kotlinx's own list or map is checked when it is met.
 */
@OptIn(ExperimentalSerializationApi::class)
internal class ClassSteps : DocumentOutline.Step<SerialDescriptor> {
    /** Whether each class met is followed: one instance's, so that no class is held beyond its `ParallelJson`. */
    private val followed = ConcurrentHashMap<SerialDescriptor, Boolean>()

    /** Whether the members of a class described by [descriptor] can be followed by name. */
    fun follows(descriptor: SerialDescriptor): Boolean = followed.computeIfAbsent(descriptor) {
        it.kind == StructureKind.CLASS && !it.isInline &&
            (0 until it.elementsCount).none { i -> it.getElementAnnotations(i).any { a -> a is JsonNames } }
    }

    override fun member(context: SerialDescriptor, key: String): DocumentOutline.Member<SerialDescriptor>? {
        val index = context.getElementIndex(key)
        if (index < 0) return null
        val child = context.getElementDescriptor(index)
        return when (child.kind) {
            StructureKind.LIST -> DocumentOutline.Member(null, Brackets.ARRAY, listKey(child))
            StructureKind.MAP -> DocumentOutline.Member(null, Brackets.OBJECT, mapKey(child))
            StructureKind.CLASS -> if (follows(child)) DocumentOutline.Member(child, null, null) else null
            else -> null
        }
    }

    companion object {
        /** The key a list's split costs are kept under: its element's descriptor, as for a top-level list. */
        fun listKey(list: SerialDescriptor): Any = list.getElementDescriptor(0)

        /** The key a map's split costs are kept under: its key's and value's descriptors. */
        fun mapKey(map: SerialDescriptor): Any = map.getElementDescriptor(0) to map.getElementDescriptor(1)
    }
}
