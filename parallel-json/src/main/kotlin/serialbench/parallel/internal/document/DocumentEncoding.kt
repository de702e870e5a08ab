package serialbench.parallel.internal.document

import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.SerializationStrategy
import kotlinx.serialization.builtins.serializer
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.descriptors.StructureKind
import kotlinx.serialization.encoding.CompositeEncoder
import kotlinx.serialization.encoding.Encoder
import kotlinx.serialization.json.Json
import serialbench.parallel.internal.engine.mapIsObject
import serialbench.parallel.internal.split.Chunks
import serialbench.parallel.internal.split.ParallelJsonArrays
import java.util.concurrent.ConcurrentHashMap

/**
 * Encodes a typed document: `Json` encodes it, and where a class on the way to a list or map member
 * ([ClassSteps]) hands that member to kotlinx's own list or map serializer, the member is encoded in chunks on the
 * pool instead when the planner says that gains ([ParallelJsonArrays.encodeSplit]), and a marker is written in
 * its place ([Splice]). Pretty printing indents a member by its depth, so a pretty-printing `Json` does not split
 * members (see [Documents]).
 */
internal class DocumentEncoding(
    private val json: Json,
    private val arrays: ParallelJsonArrays,
    private val routes: Routes,
) {
    private val splice = Splice(json)

    /** The classes on the way to list and map members, by root descriptor (null: none). */
    private val trees = ConcurrentHashMap<SerialDescriptor, Any>()

    /** Whether a class described by [descriptor] has list or map members to split, directly or below. */
    fun hasPlaces(descriptor: SerialDescriptor): Boolean = tree(descriptor) != null

    /** [value] as `json` encodes it, members split where that gains, or [Abandoned]; its class [hasPlaces]. */
    fun <T> encode(serializer: SerializationStrategy<T>, value: T): String {
        val tree = checkNotNull(tree(serializer.descriptor)) { "${serializer.descriptor.serialName} has no places" }
        val call = Call()
        val skeleton = json.encodeToString(call.Following(serializer, tree), value)
        return splice.join(skeleton, call.texts)
    }

    @Suppress("UNCHECKED_CAST")
    private fun tree(descriptor: SerialDescriptor): PlaceTree<Any>? =
        trees.computeIfAbsent(descriptor) { build(it, depth = 0) ?: NONE }.takeIf { it !== NONE } as PlaceTree<Any>?

    @OptIn(ExperimentalSerializationApi::class)
    private fun build(descriptor: SerialDescriptor, depth: Int): PlaceTree<Any>? {
        if (depth > MAX_DEPTH || !routes.steps.follows(descriptor)) return null
        val tree = PlaceTree<Any>(descriptor)
        for (i in 0 until descriptor.elementsCount) {
            val child = descriptor.getElementDescriptor(i)
            when (child.kind) {
                StructureKind.LIST -> tree.places[i] = ClassSteps.listKey(child)
                StructureKind.MAP -> if (mapIsObject(json, child)) tree.places[i] = ClassSteps.mapKey(child)
                StructureKind.CLASS -> build(child, depth + 1)?.let { tree.children[i] = it }
                else -> Unit
            }
        }
        return tree.takeIf { it.places.isNotEmpty() || it.children.isNotEmpty() }
    }

    /** One encoding: the texts of the places split so far, in the order of their markers. */
    private inner class Call {
        val texts = ArrayList<Chunks>()

        /** The place's text and marker, or null (encode it as kotlinx does) when it is not split. */
        @Suppress("UNCHECKED_CAST")
        fun split(key: Any, serializer: SerializationStrategy<*>, value: Any?): String? {
            val route = routes.of(serializer)
            val text = when {
                route is Route.WholeList && value is List<*> && value.size >= 2 ->
                    arrays.encodeSplit(route.engine, value, key)

                route is Route.WholeMap && value is Map<*, *> && value.size >= 2 ->
                    arrays.encodeSplit(route.engine, (value as Map<Any?, Any?>).entries.toList(), key)

                else -> null
            } ?: return null
            texts += text
            return splice.marker(texts.size - 1)
        }

        inner class Following<T>(private val original: SerializationStrategy<T>, private val tree: PlaceTree<Any>) :
            SerializationStrategy<T> {
            override val descriptor: SerialDescriptor get() = original.descriptor

            override fun serialize(encoder: Encoder, value: T) =
                original.serialize(FollowingEncoder(encoder, tree), value)
        }

        inner class FollowingEncoder(private val encoder: Encoder, private val tree: PlaceTree<Any>) :
            Encoder by encoder {
            override fun beginStructure(descriptor: SerialDescriptor): CompositeEncoder {
                val composite = encoder.beginStructure(descriptor)
                return if (descriptor == tree.descriptor) FollowingComposite(composite, tree) else composite
            }
        }

        inner class FollowingComposite(private val composite: CompositeEncoder, private val tree: PlaceTree<Any>) :
            CompositeEncoder by composite {
            override fun <T> encodeSerializableElement(
                descriptor: SerialDescriptor,
                index: Int,
                serializer: SerializationStrategy<T>,
                value: T,
            ) {
                val key = tree.places[index]
                val marker = if (key != null) split(key, serializer, value) else null
                if (marker != null) return composite.encodeSerializableElement(descriptor, index, STRING, marker)
                val child = tree.children[index]
                    ?: return composite.encodeSerializableElement(descriptor, index, serializer, value)
                composite.encodeSerializableElement(descriptor, index, Following(serializer, child), value)
            }

            @ExperimentalSerializationApi
            override fun <T : Any> encodeNullableSerializableElement(
                descriptor: SerialDescriptor,
                index: Int,
                serializer: SerializationStrategy<T>,
                value: T?,
            ) {
                val key = tree.places[index]
                val marker = if (key != null && value != null) split(key, serializer, value) else null
                if (marker != null) return composite.encodeSerializableElement(descriptor, index, STRING, marker)
                val child = tree.children[index]
                if (child == null || value == null) {
                    return composite.encodeNullableSerializableElement(descriptor, index, serializer, value)
                }
                composite.encodeNullableSerializableElement(descriptor, index, Following(serializer, child), value)
            }
        }
    }

    private companion object {
        val NONE = Any()
        val STRING = String.serializer()

        /** Classes nested deeper than this are not followed. */
        const val MAX_DEPTH = 8
    }
}
