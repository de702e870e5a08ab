package serialbench.parallel.internal.document

import kotlinx.serialization.KSerializer
import kotlinx.serialization.Serializable
import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.builtins.MapSerializer
import kotlinx.serialization.builtins.serializer
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.descriptors.listSerialDescriptor
import kotlinx.serialization.encoding.Decoder
import kotlinx.serialization.encoding.Encoder
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonNames
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test

/** Each serializer has one route, resolved once per `Json`: lists and maps split whole, trees, classes followed. */
class RoutesTest {
    @Serializable
    data class Item(val id: Int)

    @Serializable
    data class Page(val query: String, val items: List<Item>)

    @Serializable
    data class Wrapper(val page: Page, val note: Item)

    @Serializable
    data class Renamed(@JsonNames("elements") val items: List<Item>)

    /** A list serializer of its own: the same descriptor as kotlinx's, none of its promises. */
    object OwnList : KSerializer<List<Int>> {
        override val descriptor: SerialDescriptor = listSerialDescriptor(Int.serializer().descriptor)

        override fun serialize(encoder: Encoder, value: List<Int>) =
            ListSerializer(Int.serializer()).serialize(encoder, value)

        override fun deserialize(decoder: Decoder): List<Int> = ListSerializer(Int.serializer()).deserialize(decoder)
    }

    private val routes = Routes(Json)

    @Test
    fun `a list serializer's route holds its element serializer, found once`() {
        val list = ListSerializer(Item.serializer())
        val route = routes.of(list)
        assertThat(route).isInstanceOf(Route.WholeList::class.java)
        assertThat((route as Route.WholeList).element).isSameAs(Item.serializer())
        assertThat(routes.of(list)).isSameAs(route)
        assertThat(routes.list(list)).isSameAs(route)
    }

    @Test
    fun `a map written as an object is split whole, one with structured keys is not`() {
        val byName = MapSerializer(String.serializer(), Item.serializer())
        assertThat(routes.of(byName)).isInstanceOf(Route.WholeMap::class.java)
        val structured = Routes(Json { allowStructuredMapKeys = true })
        assertThat(structured.of(MapSerializer(Item.serializer(), Int.serializer()))).isSameAs(Route.Whole)
        assertThat(structured.of(byName)).isInstanceOf(Route.WholeMap::class.java)
    }

    @Test
    fun `a serializer of its own with a list's descriptor is read whole`() {
        assertThat(routes.of(OwnList)).isSameAs(Route.Whole)
        assertThat(routes.list(OwnList)).isNull()
    }

    @Test
    fun `trees are followed, and a JsonArray serializer's texts are read whole`() {
        assertThat((routes.of(JsonElement.serializer()) as Route.Tree).readsSplit).isTrue()
        assertThat((routes.of(JsonObject.serializer()) as Route.Tree).readsSplit).isTrue()
        assertThat((routes.of(JsonArray.serializer()) as Route.Tree).readsSplit).isFalse()
        assertThat(routes.of(JsonPrimitive.serializer())).isSameAs(Route.Whole)
    }

    @Test
    fun `a plain class is followed by its plan to its lists and maps, and only to them`() {
        val route = routes.of(Wrapper.serializer()) as Route.FollowedClass
        val page = route.plan.children.getValue(0)
        assertThat(route.plan.places).isEmpty()
        assertThat(route.plan.children.keys).containsExactly(0)
        assertThat(page.places.keys).containsExactly(1)
        assertThat(page.places.getValue(1).key).isEqualTo(Item.serializer().descriptor)
        assertThat(routes.of(Page.serializer())).isInstanceOf(Route.FollowedClass::class.java)
    }

    @Test
    fun `a class without lists or maps, with JsonNames, or under a naming strategy is read whole`() {
        assertThat(routes.of(Item.serializer())).isSameAs(Route.Whole)
        assertThat(routes.of(Renamed.serializer())).isSameAs(Route.Whole)
        assertThat(routes.of(Int.serializer())).isSameAs(Route.Whole)
        @OptIn(kotlinx.serialization.ExperimentalSerializationApi::class)
        val snake = Routes(Json { namingStrategy = kotlinx.serialization.json.JsonNamingStrategy.SnakeCase })
        assertThat(snake.of(Page.serializer())).isSameAs(Route.Whole)
    }

    @Test
    fun `a serializer made anew for every call resolves again and is not kept without bound`() {
        repeat(3_000) { routes.of(ListSerializer(Item.serializer())) }
        assertThat(routes.size).isLessThanOrEqualTo(Routes.MAX_ROUTES)
    }
}
