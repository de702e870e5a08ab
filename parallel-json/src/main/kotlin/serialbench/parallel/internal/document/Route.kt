package serialbench.parallel.internal.document

import kotlinx.serialization.KSerializer
import kotlinx.serialization.descriptors.SerialDescriptor
import serialbench.parallel.internal.engine.KotlinxJsonListEngine
import serialbench.parallel.internal.engine.KotlinxJsonMapEngine

/** How the documents of one serializer are read and written, decided once per serializer ([Routes]). */
internal sealed interface Route {
    /** Kotlinx's own list serializer: the document is one list, split as a whole by [engine]. */
    class WholeList(val element: KSerializer<Any?>, val engine: KotlinxJsonListEngine<Any?>) : Route {
        /** The key its split costs are kept under: the element's descriptor. */
        val key: SerialDescriptor get() = element.descriptor
    }

    /** Kotlinx's own map serializer, of a map the `Json` writes as an object: one map, split as a whole. */
    class WholeMap(val engine: KotlinxJsonMapEngine<Any?, Any?>, val key: Any) : Route

    /**
     * A `JsonElement`, `JsonObject` or `JsonArray` serializer: the tree is followed through every object
     * ([TreeDocuments]); a text is read that way unless the serializer is `JsonArray`'s ([readsSplit]).
     */
    class Tree(val readsSplit: Boolean) : Route

    /** A plain class with list or map members, followed member by member to them by its [plan] ([ClassSteps]). */
    class FollowedClass(val plan: PlaceTree<ClassSteps.Planned>) : Route

    /** Anything else: the `Json` reads and writes it whole. */
    object Whole : Route
}
