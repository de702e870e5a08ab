package serialbench.parallel.internal.document

import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.descriptors.StructureKind
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonNames
import serialbench.parallel.internal.engine.mapIsObject
import serialbench.parallel.internal.scan.Brackets
import serialbench.parallel.internal.scan.DocumentOutline
import java.util.concurrent.ConcurrentHashMap

/**
 * How a typed document is followed: one plan per root class ([plan]), from descriptors, used by encoding and
 * decoding alike. A plan holds the classes on the way from the root to its list and map members (the places) and
 * nothing else; the text's outline ([DocumentOutline], with the plan as its [DocumentOutline.Step]) only finds where
 * those places are, and skips every member that leads to none without reading into it.
 *
 * Only a plain class is followed: one whose members are found by their names as written (no `@JsonNames`), not a
 * value class, a polymorphic or a sealed one, nor an object. Whether the serializer met at a place is kotlinx's own
 * list or map is checked when it is met ([Routes]). One instance per `Json` of a `ParallelJson`, so that no class is
 * held beyond it.
 */
@OptIn(ExperimentalSerializationApi::class)
internal class ClassSteps(private val json: Json) : DocumentOutline.Step<PlaceTree<ClassSteps.Planned>> {
    /**
     * A place of a plan: a list (an array) or a map (an object) member, its split costs kept under [key]. The [Route]
     * of the serializer its class read it with last ([met]) is the one its slices are begun for in the next document,
     * before the class asks ([DocumentDecoding]).
     */
    class Planned(val key: Any, val brackets: Brackets) {
        @Volatile var met: Route? = null
    }

    private val followed = ConcurrentHashMap<SerialDescriptor, Boolean>()
    private val plans = ConcurrentHashMap<SerialDescriptor, Any>()

    /** Whether the members of a class described by [descriptor] can be followed by name. */
    fun follows(descriptor: SerialDescriptor): Boolean = followed.computeIfAbsent(descriptor) {
        it.kind == StructureKind.CLASS && !it.isInline &&
            (0 until it.elementsCount).none { i -> it.getElementAnnotations(i).any { a -> a is JsonNames } }
    }

    /** The plan of a root class described by [descriptor], or null where it has no list or map member to split. */
    @Suppress("UNCHECKED_CAST")
    fun plan(descriptor: SerialDescriptor): PlaceTree<Planned>? =
        plans.computeIfAbsent(descriptor) { build(it, depth = 0) ?: NONE }.takeIf { it !== NONE }
            as PlaceTree<Planned>?

    override fun member(context: PlaceTree<Planned>, key: String): DocumentOutline.Member<PlaceTree<Planned>>? {
        val index = context.descriptor.getElementIndex(key)
        if (index < 0) return null
        context.places[index]?.let { return DocumentOutline.Member(null, it.brackets, it.key) }
        return context.children[index]?.let { DocumentOutline.Member(it, null, null) }
    }

    private fun build(descriptor: SerialDescriptor, depth: Int): PlaceTree<Planned>? {
        if (depth > MAX_DEPTH || !follows(descriptor)) return null
        val tree = PlaceTree<Planned>(descriptor)
        for (i in 0 until descriptor.elementsCount) {
            val child = descriptor.getElementDescriptor(i)
            when (child.kind) {
                StructureKind.LIST -> tree.places[i] = Planned(listKey(child), Brackets.ARRAY)

                StructureKind.MAP -> if (mapIsObject(json, child)) {
                    tree.places[i] =
                        Planned(mapKey(child), Brackets.OBJECT)
                }

                StructureKind.CLASS -> build(child, depth + 1)?.let { tree.children[i] = it }

                else -> Unit
            }
        }
        return tree.takeIf { it.places.isNotEmpty() || it.children.isNotEmpty() }
    }

    companion object {
        private val NONE = Any()

        /** Classes nested deeper than this below the root are not followed. */
        private const val MAX_DEPTH = 16

        /** The key a list's split costs are kept under: its element's descriptor, as for a top-level list. */
        fun listKey(list: SerialDescriptor): Any = list.getElementDescriptor(0)

        /** The key a map's split costs are kept under: its key's and value's descriptors. */
        fun mapKey(map: SerialDescriptor): Any = map.getElementDescriptor(0) to map.getElementDescriptor(1)
    }
}
