package serialbench.parallel.internal.document

import kotlinx.serialization.DeserializationStrategy
import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.KSerializer
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
import java.util.concurrent.ConcurrentHashMap

/**
 * The [Route] of each serializer met by one `Json`'s documents, at the root or at a place, resolved on first use
 * and kept: a list's or map's element serializers are found once ([CollectionSerializers]), and its engine made
 * once. At most [MAX_ROUTES] are kept; a service that makes a new serializer for every call (an instance of
 * `ListSerializer(...)` each time) has its routes resolved again rather than kept without bound.
 */
@OptIn(ExperimentalSerializationApi::class)
internal class Routes(private val json: Json) {
    /** How this `Json`'s classes are followed to their places. */
    val steps = ClassSteps(json)

    private val followsClasses = json.configuration.namingStrategy == null
    private val routes = ConcurrentHashMap<Any, Route>()

    /** The route of [strategy], a `SerializationStrategy` or a `DeserializationStrategy`. */
    fun of(strategy: Any): Route {
        routes[strategy]?.let { return it }
        val route = resolve(strategy)
        if (routes.size >= MAX_ROUTES) routes.clear()
        routes[strategy] = route
        return route
    }

    /** How many routes are kept. */
    val size: Int get() = routes.size

    /** The list route of [strategy], or null where it is not kotlinx's own list serializer. */
    fun list(strategy: Any): Route.WholeList? = of(strategy) as? Route.WholeList

    @Suppress("UNCHECKED_CAST")
    private fun resolve(strategy: Any): Route {
        val descriptor = descriptor(strategy)
        return when {
            CollectionSerializers.isList(strategy) -> {
                val element = CollectionSerializers.listElement(strategy as DeserializationStrategy<List<Any?>>)
                Route.WholeList(element, KotlinxJsonListEngine(json, element))
            }

            CollectionSerializers.isMap(strategy) && mapIsObject(json, descriptor) -> {
                val (key, value) = CollectionSerializers.mapEntry(strategy as DeserializationStrategy<*>)
                val engine = KotlinxJsonMapEngine(json, key as KSerializer<Any?>, value as KSerializer<Any?>)
                Route.WholeMap(engine, ClassSteps.mapKey(descriptor))
            }

            strategy === JsonElement.serializer() || strategy === JsonObject.serializer() -> Route.Tree(true)

            strategy === JsonArray.serializer() -> Route.Tree(false)

            followsClasses -> steps.plan(descriptor)?.let { Route.FollowedClass(it) } ?: Route.Whole

            else -> Route.Whole
        }
    }

    private fun descriptor(strategy: Any): SerialDescriptor = when (strategy) {
        is SerializationStrategy<*> -> strategy.descriptor
        is DeserializationStrategy<*> -> strategy.descriptor
        else -> throw IllegalArgumentException("not a serializer: ${strategy.javaClass.name}")
    }

    companion object {
        /** The most routes kept: far more serializers than a service's documents use. */
        const val MAX_ROUTES = 1024
    }
}
