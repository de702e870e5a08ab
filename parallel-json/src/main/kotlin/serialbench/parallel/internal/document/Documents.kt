package serialbench.parallel.internal.document

import kotlinx.serialization.DeserializationStrategy
import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.KSerializer
import kotlinx.serialization.SerializationException
import kotlinx.serialization.SerializationStrategy
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonObject
import serialbench.parallel.internal.engine.CollectionSerializers
import serialbench.parallel.internal.engine.KotlinxJsonListEngine
import serialbench.parallel.internal.engine.KotlinxJsonMapEngine
import serialbench.parallel.internal.engine.mapIsObject
import serialbench.parallel.internal.engine.splitsArrays
import serialbench.parallel.internal.engine.strictReading
import serialbench.parallel.internal.scan.DocumentOutline
import serialbench.parallel.internal.split.DecodeLadder
import serialbench.parallel.internal.split.Fallback
import serialbench.parallel.internal.split.Fallbacks
import serialbench.parallel.internal.split.ParallelJsonArrays
import serialbench.parallel.internal.split.SplitCosts
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.atomic.AtomicInteger

/**
 * Any document, split where it has large arrays and maps (*places*) and otherwise `Json`'s own:
 * - a top-level list or map (kotlinx's own serializers) is split as a whole ([ParallelJsonArrays]);
 * - a class is followed member by member to its list and map members ([DocumentOutline], [ClassSteps]), each
 *   decoded ([DocumentDecoding]) or encoded ([DocumentEncoding]) in parts on the pool, the rest by `Json`;
 * - a `JsonElement` tree is followed through every object ([TreeDocuments]);
 * - everything else goes through `Json` whole: other serializers at the root (polymorphic, sealed, custom, value
 *   classes), classes with `@JsonNames`, a `Json` with a naming strategy, a lenient one (decoding), a pretty
 *   printing one (members, not top-level lists), maps whose keys `allowStructuredMapKeys` writes as an array.
 * A lenient `Json` is given here as its strict reading ([strictReading]); `ParallelJson` reads what that refuses
 * with the lenient one whole.
 *
 * Whatever is split, the result is `Json`'s. A decoding that fails with a [SerializationException] (an invalid
 * text, or a guessed end proved wrong), or meets a serializer other than the one its descriptor promised
 * ([Abandoned]), is made again by `Json` on the whole document, which returns its own result or throws its own
 * exception; each is counted ([Fallbacks]). Any other failure is thrown as it is: a serializer's own exception is
 * the one `Json` would throw at the same element, since the parts are read in the order `Json` reads them and a
 * failing part is read again whole ([DecodeLadder]). An encoding that fails with a [SerializationException] is made
 * again by `Json` too (its message shows the output so far); any other encoding failure is the serializer's own.
 */
@OptIn(ExperimentalSerializationApi::class)
internal class Documents(
    private val json: Json,
    private val arrays: ParallelJsonArrays,
    private val parallelism: Int,
    private val minParallelChars: Int,
    /**
     * Whether a decoding that fails with a `SerializationException` is made again by [json] for its own failure;
     * false for a strict reading, whose caller reads what it refuses with the lenient `Json` anyway.
     */
    private val readsFailuresWhole: Boolean = true,
) {
    private val configuration = json.configuration
    private val splitsDecoding = splitsArrays(json)
    private val followsClasses = configuration.namingStrategy == null
    private val splitsMembers = followsClasses && !configuration.prettyPrint
    private val encoding = DocumentEncoding(json, arrays)
    private val trees = TreeDocuments(json, arrays, minParallelChars)
    private val endGuesses = DocumentOutline.EndGuesses()

    /** Calls of a root class to go on decoding whole after its documents had no large list or map. */
    private val quietCalls = ConcurrentHashMap<SerialDescriptor, AtomicInteger>()

    @Suppress("UNCHECKED_CAST")
    fun <T> decode(deserializer: DeserializationStrategy<T>, text: String): T {
        if (!splitsDecoding || parallelism <= 1 || text.length < minParallelChars || arrays.insideTask()) {
            return json.decodeFromString(deserializer, text)
        }
        if (CollectionSerializers.isList(deserializer)) {
            val element = CollectionSerializers.listElement(deserializer as DeserializationStrategy<List<Any?>>)
            return arrays.decode(KotlinxJsonListEngine(json, element), text, element.descriptor) as T
        }
        if (CollectionSerializers.isMap(deserializer) && mapIsObject(json, deserializer.descriptor)) {
            val engine = mapEngine(deserializer)
            return KotlinxJsonMapEngine.mapOf(arrays.decode(engine, text, ClassSteps.mapKey(deserializer.descriptor)))
                as T
        }
        return try {
            when {
                deserializer === JsonElement.serializer() || deserializer === JsonObject.serializer() ->
                    trees.decode(deserializer, text)

                followsClasses && ClassSteps.follows(deserializer.descriptor) -> decodeClass(deserializer, text)

                else -> json.decodeFromString(deserializer, text)
            }
        } catch (e: Abandoned) {
            arrays.fallbacks.add(e.reason)
            json.decodeFromString(deserializer, text)
        } catch (e: SerializationException) {
            if (!readsFailuresWhole) throw e
            // An invalid text, or a guessed end proved wrong: Json's own value or failure, offsets in the whole text.
            arrays.fallbacks.add(Fallback.DOCUMENT_FAILED)
            json.decodeFromString(deserializer, text)
        }
    }

    @Suppress("UNCHECKED_CAST")
    fun <T> encode(serializer: SerializationStrategy<T>, value: T): String {
        if (parallelism <= 1 || arrays.insideTask()) return json.encodeToString(serializer, value)
        if (CollectionSerializers.isList(serializer) && value is List<*>) {
            val element = CollectionSerializers.listElement(serializer as DeserializationStrategy<List<Any?>>)
            return arrays.encode(KotlinxJsonListEngine(json, element), value as List<Any?>, element.descriptor)
        }
        if (CollectionSerializers.isMap(serializer) && value is Map<*, *> && mapIsObject(json, serializer.descriptor)) {
            val entries = (value as Map<Any?, Any?>).entries.toList()
            return arrays.encode(mapEngine(serializer), entries, ClassSteps.mapKey(serializer.descriptor))
        }
        if (!splitsMembers) return json.encodeToString(serializer, value)
        return try {
            val tree = serializer === JsonElement.serializer()
            when {
                value is JsonArray && (tree || serializer === JsonArray.serializer()) -> trees.encodeArray(value)

                value is JsonObject && (tree || serializer === JsonObject.serializer()) -> trees.encode(
                    serializer,
                    value,
                )

                ClassSteps.follows(serializer.descriptor) && encoding.hasPlaces(serializer.descriptor) ->
                    encoding.encode(serializer, value)

                else -> json.encodeToString(serializer, value)
            }
        } catch (e: Abandoned) {
            arrays.fallbacks.add(e.reason)
            json.encodeToString(serializer, value)
        } catch (_: SerializationException) {
            // Json's message shows the output so far, which held markers: Json's own failure on the whole value.
            arrays.fallbacks.add(Fallback.DOCUMENT_FAILED)
            json.encodeToString(serializer, value)
        }
    }

    private fun <T> decodeClass(deserializer: DeserializationStrategy<T>, text: String): T {
        val descriptor = deserializer.descriptor
        val quiet = quietCalls[descriptor]
        if (quiet != null && quiet.decrementAndGet() > 0) return json.decodeFromString(deserializer, text)
        val candidates = DocumentOutline(text, minParallelChars, ClassSteps, endGuesses).places(descriptor)
        if (candidates.isNullOrEmpty()) {
            quietCalls.computeIfAbsent(descriptor) { AtomicInteger() }.set(QUIET_CALLS)
            return json.decodeFromString(deserializer, text)
        }
        val places = candidates.filter { arrays.splitsPart(it.key, it.chars) }
        if (places.isEmpty()) {
            return arrays.decodedWhole(candidates, text.length) {
                json.decodeFromString(deserializer, text)
            }
        }
        return DocumentDecoding(json, arrays, text, places, endGuesses).decode(deserializer)
    }

    @Suppress("UNCHECKED_CAST")
    private fun mapEngine(serializer: Any): KotlinxJsonMapEngine<Any?, Any?> {
        val (key, value) = CollectionSerializers.mapEntry(serializer as DeserializationStrategy<*>)
        return KotlinxJsonMapEngine(json, key as KSerializer<Any?>, value as KSerializer<Any?>)
    }

    private companion object {
        /** After a document of a class had no large list or map, this many calls decode whole before a new look. */
        const val QUIET_CALLS = 32
    }
}

/**
 * [decode] of a whole document of [chars] characters on this thread, where the planner declined to split any of its
 * [places]: the time is shared among them by their sizes and recorded as theirs unsplit, so that the planner learns
 * from a decline as from a split.
 */
internal inline fun <T> ParallelJsonArrays.decodedWhole(
    places: List<DocumentOutline.Place>,
    chars: Int,
    decode: () -> T,
): T {
    val start = System.nanoTime()
    val value = decode()
    val nanos = System.nanoTime() - start
    for (place in places) {
        val share = nanos * (place.chars.toDouble() / chars)
        recordAlone(place.key, SplitCosts.Direction.DECODE, place.chars.toLong(), share.toLong())
    }
    return value
}
