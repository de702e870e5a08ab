package serialbench.parallel.internal.document

import kotlinx.serialization.DeserializationStrategy
import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.SealedSerializationApi
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.encoding.CompositeDecoder
import kotlinx.serialization.encoding.Decoder
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonDecoder
import kotlinx.serialization.json.JsonElement
import serialbench.parallel.internal.engine.KotlinxJsonMapEngine
import serialbench.parallel.internal.scan.Brackets
import serialbench.parallel.internal.scan.DocumentOutline
import serialbench.parallel.internal.scan.GuessMisses
import serialbench.parallel.internal.split.Fallback
import serialbench.parallel.internal.split.ParallelJsonArrays

/**
 * Decodes a typed document whose places ([DocumentOutline]) were found: `Json` decodes the document with each
 * place's text replaced by `[]` or `{}` (the skeleton), and where the class that holds a place asks for that
 * member, the place's own text is decoded in slices on the pool ([ParallelJsonArrays.decodePart]) with the
 * serializer the class asked with, and given to the class in place of the empty one.
 *
 * A place's slices are begun on the pool before `Json` reads the skeleton ([PlacesAhead]), for the serializer its
 * class read it with in the last document of this [plan] ([ClassSteps.Planned.met]): the pool reads the large
 * members while the calling thread reads the rest. A place met with another serializer has its slices cancelled and
 * is read as on a first document.
 *
 * A serializer other than kotlinx's list or map at a place, or a place the classes did not ask for (a custom
 * serializer on the way) is [Abandoned]; any failure is thrown, after the guessed ends of its places are
 * remembered as missed. [Documents] decodes the document whole on either, or on a `SerializationException`.
 */
internal class DocumentDecoding(
    private val json: Json,
    private val arrays: ParallelJsonArrays,
    private val routes: Routes,
    private val plan: PlaceTree<ClassSteps.Planned>,
    private val text: String,
    private val places: List<DocumentOutline.Place>,
    private val endGuesses: GuessMisses,
    private val ahead: PlacesAhead,
) {
    private var decodedPlaces = 0

    /** What the document decodes to, or [Abandoned]. */
    fun <T> decode(deserializer: DeserializationStrategy<T>): T {
        val tree = PlaceTree<DocumentOutline.Place>(deserializer.descriptor)
        for (place in places) if (!tree.add(place.path, place)) throw Abandoned.of(Fallback.SERIALIZER_NOT_FOLLOWED)
        try {
            for (place in places) startAhead(place)
            val value = json.decodeFromString(Following(deserializer, tree), Splice.emptied(text, places))
            if (decodedPlaces != places.size) throw Abandoned.of(Fallback.SERIALIZER_NOT_FOLLOWED)
            return value
        } catch (e: Exception) {
            endGuesses.missedEnds(places)
            throw e
        } finally {
            ahead.close()
        }
    }

    /** Begins [place]'s slices for the route its class met there last, if any. */
    private fun startAhead(place: DocumentOutline.Place) {
        when (val route = plan.at(place.path)?.met) {
            is Route.WholeList -> ahead.start(place, route) { arrays.startPart(route.engine, text, place) }
            is Route.WholeMap -> ahead.start(place, route) { arrays.startPart(route.engine, text, place) }
            else -> Unit
        }
    }

    /**
     * [place]'s value, decoded in slices, once [readEmptied] has read its emptied text in the skeleton: only with
     * kotlinx's own list or map serializer, which reads `[]` or `{}` as nothing, never a serializer of the service's
     * that could take the emptied value for the real one ([Abandoned] before it reads anything).
     */
    @Suppress("UNCHECKED_CAST")
    private fun <T> decodePlace(
        place: DocumentOutline.Place,
        deserializer: DeserializationStrategy<T>,
        readEmptied: () -> Unit,
    ): T {
        val route = routes.of(deserializer)
        val value: Any = when {
            route is Route.WholeList && place.brackets == Brackets.ARRAY -> {
                readEmptied()
                arrays.decodePart(route.engine, text, place, ahead.take(place, route))
            }

            route is Route.WholeMap && place.brackets == Brackets.OBJECT -> {
                readEmptied()
                KotlinxJsonMapEngine.mapOf(arrays.decodePart(route.engine, text, place, ahead.take(place, route)))
            }

            else -> throw Abandoned.of(Fallback.SERIALIZER_NOT_FOLLOWED)
        }
        plan.at(place.path)?.met = route
        decodedPlaces++
        return value as T
    }

    /** [original] reading through a [FollowingDecoder] at [tree]. */
    private inner class Following<T>(
        private val original: DeserializationStrategy<T>,
        private val tree: PlaceTree<DocumentOutline.Place>,
    ) : DeserializationStrategy<T> {
        override val descriptor: SerialDescriptor get() = original.descriptor

        /** Kotlinx's `Json` decodes with a [JsonDecoder]; should another decoder come, nothing is followed. */
        override fun deserialize(decoder: Decoder): T =
            original.deserialize(if (decoder is JsonDecoder) FollowingDecoder(decoder, tree) else decoder)
    }

    /**
     * Kotlinx's decoder, except that the class at [tree] is read by a [FollowingComposite]. A `JsonDecoder`, as a
     * serializer of `Json`'s formats may ask for; one that reads the class as a tree (a `JsonTransformingSerializer`)
     * would not ask for its places, so the document is [Abandoned] there, before the tree holds an emptied place.
     * kotlinx asks that its `JsonDecoder` be implemented only knowingly (its members may grow): this one delegates
     * every member to kotlinx's own decoder but that one.
     */
    @OptIn(SealedSerializationApi::class)
    private inner class FollowingDecoder(
        private val decoder: JsonDecoder,
        private val tree: PlaceTree<DocumentOutline.Place>,
    ) : JsonDecoder by decoder {
        override fun beginStructure(descriptor: SerialDescriptor): CompositeDecoder {
            val composite = decoder.beginStructure(descriptor)
            return if (descriptor == tree.descriptor) FollowingComposite(composite, tree) else composite
        }

        override fun decodeJsonElement(): JsonElement = throw Abandoned.of(Fallback.SERIALIZER_NOT_FOLLOWED)
    }

    /** Kotlinx's reader of a class, except at the members that hold or lead to places. */
    private inner class FollowingComposite(
        private val composite: CompositeDecoder,
        private val tree: PlaceTree<DocumentOutline.Place>,
    ) : CompositeDecoder by composite {
        override fun <T> decodeSerializableElement(
            descriptor: SerialDescriptor,
            index: Int,
            deserializer: DeserializationStrategy<T>,
            previousValue: T?,
        ): T {
            val place = tree.places[index]
            if (place != null) {
                return decodePlace(place, deserializer) {
                    composite.decodeSerializableElement(descriptor, index, deserializer, previousValue)
                }
            }
            val child = tree.children[index]
                ?: return composite.decodeSerializableElement(descriptor, index, deserializer, previousValue)
            return composite.decodeSerializableElement(descriptor, index, Following(deserializer, child), previousValue)
        }

        @ExperimentalSerializationApi
        override fun <T : Any> decodeNullableSerializableElement(
            descriptor: SerialDescriptor,
            index: Int,
            deserializer: DeserializationStrategy<T?>,
            previousValue: T?,
        ): T? {
            val place = tree.places[index]
            if (place != null) {
                return decodePlace(place, deserializer) {
                    composite.decodeNullableSerializableElement(descriptor, index, deserializer, previousValue)
                }
            }
            val child = tree.children[index]
                ?: return composite.decodeNullableSerializableElement(descriptor, index, deserializer, previousValue)
            return composite.decodeNullableSerializableElement(
                descriptor,
                index,
                Following(deserializer, child),
                previousValue,
            )
        }
    }
}

/** A document that is decoded or encoded whole instead, for a named [reason] (see [Documents]). */
internal class Abandoned private constructor(val reason: Fallback) :
    RuntimeException("the document is read whole: $reason", null, false, false) {
    companion object {
        private val byReason = Fallback.entries.associateWith { Abandoned(it) }

        /** The one instance for [reason]: thrown often, it has no stack trace. */
        fun of(reason: Fallback): Abandoned = byReason.getValue(reason)
    }
}
