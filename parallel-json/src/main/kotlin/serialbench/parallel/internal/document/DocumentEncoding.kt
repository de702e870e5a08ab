package serialbench.parallel.internal.document

import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.SealedSerializationApi
import kotlinx.serialization.SerializationStrategy
import kotlinx.serialization.builtins.serializer
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.encoding.CompositeEncoder
import kotlinx.serialization.encoding.Encoder
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonEncoder
import serialbench.parallel.internal.split.Chunks
import serialbench.parallel.internal.split.ParallelJsonArrays

/**
 * Encodes a typed document: `Json` encodes it, and where a class on the way to a list or map member
 * ([ClassSteps]) hands that member to kotlinx's own list or map serializer, the member is encoded in chunks on the
 * pool instead when the planner says that gains ([ParallelJsonArrays.encodeSplit]), and a marker is written in
 * its place ([Splice]). Pretty printing indents a member by its depth: the chunks of a member of a class at depth
 * `d` (the root's members at 0) are written that deep ([Splice.memberLevels]).
 */
internal class DocumentEncoding(
    private val json: Json,
    private val arrays: ParallelJsonArrays,
    private val routes: Routes,
) {
    private val splice = Splice(json)

    /**
     * [value] as `json` encodes it, the places of its class's [plan] split where that gains, or [Abandoned]; where no
     * place was split, `json`'s own text, after [onNothingSplit] (given its length), and the calls then written whole
     * without a look count as declined with the places the planner declined ([ParallelJsonArrays.quietAfterList]).
     */
    fun <T> encode(
        serializer: SerializationStrategy<T>,
        plan: PlaceTree<ClassSteps.Planned>,
        value: T,
        onNothingSplit: (chars: Int) -> Unit = {},
    ): String {
        val call = Call()
        val skeleton = json.encodeToString(call.Following(serializer, plan, depth = 0), value)
        if (call.texts.isEmpty()) {
            onNothingSplit(skeleton.length)
            for ((key, size) in call.declined) arrays.quietAfterList(key, size)
            return skeleton
        }
        return splice.join(skeleton, call.texts)
    }

    /**
     * One encoding: the texts of the places split so far, in the order of their markers, and the keys and sizes of
     * the lists and maps not split.
     */
    private inner class Call {
        val texts = ArrayList<Chunks>()
        val declined = ArrayList<Pair<Any, Int>>()

        /**
         * The place's text and marker, or null (encode it as kotlinx does) when it is not split; the place is a member
         * of a class at [depth].
         */
        @Suppress("UNCHECKED_CAST")
        fun split(key: Any, serializer: SerializationStrategy<*>, value: Any?, depth: Int): String? {
            val route = routes.of(serializer)
            val text = when {
                route is Route.WholeList && value is List<*> && value.size >= 2 ->
                    arrays.encodeSplit(route.engine, value, key, splice.memberLevels(depth))
                        ?: return declined(key, value.size)

                route is Route.WholeMap && value is Map<*, *> && value.size >= 2 -> {
                    val entries = (value as Map<Any?, Any?>).entries
                    arrays.encodeSplitWalking(route.engine, entries, key, splice.memberLevels(depth))
                        ?: return declined(key, value.size)
                }

                else -> null
            } ?: return null
            texts += text
            return splice.marker(texts.size - 1)
        }

        private fun declined(key: Any, size: Int): String? {
            declined += key to size
            return null
        }

        /** [original] of a class at [depth] (the root at 0), its places split and its children followed. */
        inner class Following<T>(
            private val original: SerializationStrategy<T>,
            private val tree: PlaceTree<ClassSteps.Planned>,
            private val depth: Int,
        ) : SerializationStrategy<T> {
            override val descriptor: SerialDescriptor get() = original.descriptor

            /** Kotlinx's `Json` encodes with a [JsonEncoder]; should another encoder come, nothing is followed. */
            override fun serialize(encoder: Encoder, value: T) = original.serialize(
                if (encoder is JsonEncoder) FollowingEncoder(encoder, tree, depth) else encoder,
                value,
            )
        }

        /**
         * Kotlinx's encoder, except that the class at [tree] is written by a [FollowingComposite]. A `JsonEncoder`, as
         * a serializer of `Json`'s formats may ask for: one that writes the class as a tree (a
         * `JsonTransformingSerializer`) writes it whole, as `Json` does, its places not split. kotlinx asks that its
         * `JsonEncoder` be implemented only knowingly (its members may grow): this one delegates every member to
         * kotlinx's own encoder.
         */
        @OptIn(SealedSerializationApi::class)
        inner class FollowingEncoder(
            private val encoder: JsonEncoder,
            private val tree: PlaceTree<ClassSteps.Planned>,
            private val depth: Int,
        ) : JsonEncoder by encoder {
            override fun beginStructure(descriptor: SerialDescriptor): CompositeEncoder {
                val composite = encoder.beginStructure(descriptor)
                return if (descriptor == tree.descriptor) FollowingComposite(composite, tree, depth) else composite
            }
        }

        inner class FollowingComposite(
            private val composite: CompositeEncoder,
            private val tree: PlaceTree<ClassSteps.Planned>,
            private val depth: Int,
        ) : CompositeEncoder by composite {
            override fun <T> encodeSerializableElement(
                descriptor: SerialDescriptor,
                index: Int,
                serializer: SerializationStrategy<T>,
                value: T,
            ) {
                val place = tree.places[index]
                val marker = if (place != null) split(place.key, serializer, value, depth) else null
                if (marker != null) return composite.encodeSerializableElement(descriptor, index, STRING, marker)
                val child = tree.children[index]
                    ?: return composite.encodeSerializableElement(descriptor, index, serializer, value)
                composite.encodeSerializableElement(descriptor, index, Following(serializer, child, depth + 1), value)
            }

            @ExperimentalSerializationApi
            override fun <T : Any> encodeNullableSerializableElement(
                descriptor: SerialDescriptor,
                index: Int,
                serializer: SerializationStrategy<T>,
                value: T?,
            ) {
                val place = tree.places[index]
                val marker = if (place != null && value != null) split(place.key, serializer, value, depth) else null
                if (marker != null) return composite.encodeSerializableElement(descriptor, index, STRING, marker)
                val child = tree.children[index]
                if (child == null || value == null) {
                    return composite.encodeNullableSerializableElement(descriptor, index, serializer, value)
                }
                composite.encodeNullableSerializableElement(
                    descriptor,
                    index,
                    Following(serializer, child, depth + 1),
                    value,
                )
            }
        }
    }

    private companion object {
        val STRING = String.serializer()
    }
}
