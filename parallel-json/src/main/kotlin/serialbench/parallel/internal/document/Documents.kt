package serialbench.parallel.internal.document

import kotlinx.serialization.DeserializationStrategy
import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.SerializationException
import kotlinx.serialization.SerializationStrategy
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonObject
import serialbench.parallel.internal.engine.KotlinxJsonMapEngine
import serialbench.parallel.internal.engine.splitsArrays
import serialbench.parallel.internal.engine.strictReading
import serialbench.parallel.internal.scan.DocumentOutline
import serialbench.parallel.internal.split.DecodeLadder
import serialbench.parallel.internal.split.Fallback
import serialbench.parallel.internal.split.Fallbacks
import serialbench.parallel.internal.split.GuessedEndMissed
import serialbench.parallel.internal.split.ParallelJsonArrays
import serialbench.parallel.internal.split.QuietCalls

/**
 * Any document, split where it has large arrays and maps (*places*) and otherwise `Json`'s own:
 * - a top-level list or map (kotlinx's own serializers) is split as a whole ([ParallelJsonArrays]);
 * - a class is followed member by member to its list and map members ([DocumentOutline], [ClassSteps]), each
 *   decoded ([DocumentDecoding]) or encoded ([DocumentEncoding]) in parts on the pool, the rest by `Json`;
 * - a `JsonElement` tree is followed through every object ([TreeDocuments]);
 * - everything else goes through `Json` whole: other serializers at the root (polymorphic, sealed, custom, value
 *   classes), classes with `@JsonNames`, a `Json` with a naming strategy, a lenient one (decoding), a pretty
 *   printing one whose indent holds a line break (members, not top-level lists), maps whose keys
 *   `allowStructuredMapKeys` writes as an array.
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
    /** The route of each serializer met, at the root or at a place. */
    val routes = Routes(json)

    private val configuration = json.configuration
    private val splitsDecoding = splitsArrays(json)
    private val splitsMembers = configuration.namingStrategy == null &&
        // a pretty-printed member's place is found by the indents that begin its line: not where one breaks lines
        !(configuration.prettyPrint && '\n' in configuration.prettyPrintIndent)
    private val encoding = DocumentEncoding(json, arrays, routes)
    private val trees = TreeDocuments(json, arrays, minParallelChars)
    private val endGuesses = arrays.learned.classEnds

    @Suppress("UNCHECKED_CAST")
    fun <T> decode(deserializer: DeserializationStrategy<T>, text: String): T {
        if (!splitsDecoding || parallelism <= 1 || text.length < minParallelChars || arrays.insideTask()) {
            return json.decodeFromString(deserializer, text)
        }
        return when (val route = routes.of(deserializer)) {
            is Route.WholeList -> arrays.decode(route.engine, text, route.key) as T

            is Route.WholeMap -> KotlinxJsonMapEngine.mapOf(arrays.decode(route.engine, text, route.key)) as T

            is Route.Tree -> if (route.readsSplit) {
                orWhole(deserializer, text) { trees.decode(deserializer, text) }
            } else {
                json.decodeFromString(deserializer, text)
            }

            is Route.FollowedClass -> orWhole(deserializer, text) { decodeClass(deserializer, route.plan, text) }

            Route.Whole -> json.decodeFromString(deserializer, text)
        }
    }

    /**
     * What [split] decodes, or [json]'s own reading of the whole [text] where the split path abandoned it, a guessed
     * end proved wrong ([GuessedEndMissed]), or it failed with a [SerializationException] (an invalid text: `Json`'s
     * own value or failure, offsets in the whole text). Where [split] read the whole text itself ([readWhole]), its
     * failure is thrown as it is: the text is not read twice.
     */
    private inline fun <T> orWhole(deserializer: DeserializationStrategy<T>, text: String, split: () -> T): T = try {
        split()
    } catch (e: WholeReadFailed) {
        throw e.cause
    } catch (e: Abandoned) {
        arrays.fallbacks.add(e.reason)
        json.decodeFromString(deserializer, text)
    } catch (_: GuessedEndMissed) {
        arrays.fallbacks.add(Fallback.GUESSED_END_MISSED)
        json.decodeFromString(deserializer, text)
    } catch (e: SerializationException) {
        if (!readsFailuresWhole) throw e
        arrays.fallbacks.add(Fallback.DOCUMENT_FAILED)
        json.decodeFromString(deserializer, text)
    }

    @Suppress("UNCHECKED_CAST")
    fun <T> encode(serializer: SerializationStrategy<T>, value: T): String {
        if (parallelism <= 1 || arrays.insideTask()) return json.encodeToString(serializer, value)
        val route = routes.of(serializer)
        if (route is Route.WholeList && value is List<*>) return arrays.encode(route.engine, value, route.key)
        if (route is Route.WholeMap && value is Map<*, *>) {
            return arrays.encodeWalking(route.engine, (value as Map<Any?, Any?>).entries, route.key)
        }
        if (!splitsMembers) return json.encodeToString(serializer, value)
        return try {
            when {
                route is Route.Tree && value is JsonArray && serializer !== JsonObject.serializer() ->
                    trees.encodeArray(value)

                route is Route.Tree && value is JsonObject && serializer !== JsonArray.serializer() ->
                    trees.encode(serializer, value)

                route is Route.FollowedClass -> encodeClass(serializer, route.plan, value)

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

    /**
     * [value] of a class with list or map members, those members split where that gains; after a call that split
     * none (a small document, or members the planner declined), the next [QuietCalls.CALLS] of its class go to [json]
     * whole, as their decoding does (after a document too short for any member to split, all of them until a longer
     * one): what following the class costs is then not paid on every call.
     */
    private fun <T> encodeClass(
        serializer: SerializationStrategy<T>,
        plan: PlaceTree<ClassSteps.Planned>,
        value: T,
    ): String {
        val quiet = arrays.learned.quietEncodings(serializer.descriptor)
        if (quiet.readsWhole()) return json.encodeToString(serializer, value).also { quiet.wroteWhole(it.length) }
        return encoding.encode(serializer, plan, value) { chars -> quiet.splitNothing(chars, minParallelChars) }
    }

    private fun <T> decodeClass(
        deserializer: DeserializationStrategy<T>,
        plan: PlaceTree<ClassSteps.Planned>,
        text: String,
    ): T = arrays.splitOrWhole(
        arrays.learned.quietCalls(deserializer.descriptor),
        text,
        outline = { DocumentOutline(text, minParallelChars, routes.steps, endGuesses).places(plan) },
        whole = { readWhole { json.decodeFromString(deserializer, text) } },
    ) { places, ahead ->
        DocumentDecoding(json, arrays, routes, plan, text, places, endGuesses, ahead).decode(deserializer)
    }
}

/**
 * [read] of a whole document by `Json` inside a split path: its [SerializationException] is `Json`'s own, for the
 * whole text, so it is thrown wrapped ([WholeReadFailed]) to be unwrapped by the caller of the split path, not read
 * again.
 */
internal inline fun <T> readWhole(read: () -> T): T = try {
    read()
} catch (e: SerializationException) {
    throw WholeReadFailed(e)
}

/** `Json`'s own failure on a whole text, read inside a split path ([readWhole]). */
internal class WholeReadFailed(override val cause: SerializationException) :
    RuntimeException("Json failed on the whole text: ${cause.message}", cause, false, false)
