package example.documents

import kotlinx.serialization.builtins.ListSerializer
import kotlinx.serialization.builtins.MapSerializer
import kotlinx.serialization.builtins.serializer
import kotlinx.serialization.json.Json
import org.junit.jupiter.api.Assertions.assertArrayEquals
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.nio.file.Files
import java.nio.file.Path
import kotlin.math.abs

/** The committed documents are what [Generator] writes for them now, and are valid for their model classes. */
class DocumentsTest {
    private val json = Json

    private fun file(name: String): ByteArray = Files.readAllBytes(Path.of(System.getProperty("basedir", "."), name))

    @Test
    fun `search-response json is the generator's output for 1,000,000 bytes`() {
        val bytes = file("search-response.json")
        assertArrayEquals(Generator.documentOfSize(Kind.SEARCH, Generator.SEARCH_BYTES).encodeToByteArray(), bytes)
        assertNear(Generator.SEARCH_BYTES, bytes.size)
    }

    @Test
    fun `catalog json is the generator's output for 20,000,000 bytes`() {
        val bytes = file("catalog.json")
        assertArrayEquals(Generator.documentOfSize(Kind.CATALOG, Generator.CATALOG_BYTES).encodeToByteArray(), bytes)
        assertNear(Generator.CATALOG_BYTES, bytes.size)
    }

    @Test
    fun `programme json is the generator's output for 1,700,000 bytes`() {
        val bytes = file("programme.json")
        assertArrayEquals(
            Generator.documentOfSize(Kind.PROGRAMME, Generator.PROGRAMME_BYTES).encodeToByteArray(),
            bytes,
        )
        assertNear(Generator.PROGRAMME_BYTES, bytes.size)
    }

    @Test
    fun `programme json decodes to a Programme that pretty prints back to the same bytes`() {
        val bytes = file("programme.json")
        val programme = json.decodeFromString(Programme.serializer(), bytes.decodeToString())
        assertTrue(programme.performances.all { it.showId in programme.shows.values.map { show -> show.id } })
        val again = Generator.prettyJson.encodeToString(Programme.serializer(), programme)
        assertArrayEquals(bytes, again.encodeToByteArray())
    }

    @Test
    fun `the performances hold most of a programme, beside many small maps and lists`() {
        val programme = Generator.programme(Generator.countFor(Kind.PROGRAMME, Generator.PROGRAMME_BYTES))
        val whole = Generator.prettyJson.encodeToString(Programme.serializer(), programme).length
        val performances = Generator.prettyJson.encodeToString(
            ListSerializer(Performance.serializer()),
            programme.performances,
        ).length
        assertTrue(performances in (0.7 * whole).toInt()..(0.9 * whole).toInt(), "$performances of $whole characters")
        assertTrue(programme.shows.size >= 100 && programme.performances.size >= 100, "shows, performances")
        val lists = programme.performances.sumOf { it.prices.size + it.seats.sumOf { seats -> seats.areas.size } }
        assertTrue(lists > 10 * programme.performances.size, "$lists small list elements")
    }

    @Test
    fun `search-response json decodes to a SearchResponse that encodes back to the same bytes`() {
        val bytes = file("search-response.json")
        val response = json.decodeFromString(SearchResponse.serializer(), bytes.decodeToString())
        assertEquals(response.paging.count, response.data.size)
        assertArrayEquals(bytes, json.encodeToString(SearchResponse.serializer(), response).encodeToByteArray())
    }

    @Test
    fun `catalog json decodes to a Catalog that encodes back to the same bytes`() {
        val bytes = file("catalog.json")
        val catalog = json.decodeFromString(Catalog.serializer(), bytes.decodeToString())
        assertEquals(catalog.itemCount, catalog.items.size)
        assertArrayEquals(bytes, json.encodeToString(Catalog.serializer(), catalog).encodeToByteArray())
    }

    @Test
    fun `the posts hold more than 90 percent of a small search response`() {
        val response = Generator.searchResponse(Generator.countFor(Kind.SEARCH, 20_000))
        val whole = json.encodeToString(SearchResponse.serializer(), response).length
        val bulk = json.encodeToString(ListSerializer(Post.serializer()), response.data).length
        assertTrue(bulk > 0.9 * whole, "data holds $bulk of $whole characters")
    }

    @Test
    fun `the products hold more than 90 percent of a small catalog`() {
        val catalog = Generator.catalog(Generator.countFor(Kind.CATALOG, 20_000))
        val whole = json.encodeToString(Catalog.serializer(), catalog).length
        val bulk = json.encodeToString(MapSerializer(String.serializer(), Product.serializer()), catalog.items).length
        assertTrue(bulk > 0.9 * whole, "items holds $bulk of $whole characters")
    }

    @Test
    fun `the count for a size gives a document of about that size`() {
        for (kind in Kind.entries) {
            // a programme's shows and names alone take about 90 KB
            val targets = if (kind == Kind.PROGRAMME) listOf(300_000L, 600_000L) else listOf(50_000L, 300_000L)
            for (target in targets) {
                assertNear(target, Generator.documentOfSize(kind, target).encodeToByteArray().size)
            }
        }
    }

    @Test
    fun `a document with one more record starts with the records of the smaller one`() {
        val small = Generator.searchResponse(40, seed = 7)
        val large = Generator.searchResponse(41, seed = 7)
        assertEquals(small.data, large.data.take(40))
        assertEquals(Generator.catalog(40, seed = 7).items, Generator.catalog(41, seed = 7).items.filterKeys {
            it != Generator.productKey(40)
        })
    }

    @Test
    fun `the search response has the variety of a real one`() {
        val response = json.decodeFromString(SearchResponse.serializer(), file("search-response.json").decodeToString())
        val posts = response.data
        assertTrue(posts.any { it.replyTo == null } && posts.any { it.replyTo != null }, "replyTo")
        assertTrue(posts.any { it.media.isEmpty() } && posts.any { it.media.isNotEmpty() }, "media")
        assertTrue(posts.any { it.tags.isEmpty() } && posts.any { it.reactions.isEmpty() }, "empty tags, reactions")
        assertEquals(Visibility.entries.toSet(), posts.map { it.visibility }.toSet())
        assertEquals(MediaType.entries.toSet(), posts.flatMap { it.media }.map { it.type }.toSet())
        val text = posts.joinToString("") { it.text }
        for (part in listOf("\"", "\\", "\n", "é", "🚀")) assertTrue(text.contains(part), "no $part in the texts")
    }

    @Test
    fun `the catalog has the variety of a real one`() {
        val catalog = json.decodeFromString(Catalog.serializer(), file("catalog.json").decodeToString())
        val products = catalog.items.values
        assertEquals("sku-000001", catalog.items.keys.first())
        assertTrue(products.any { it.discount == null } && products.any { it.discount != null }, "discount")
        assertTrue(products.any { it.variants.isEmpty() } && products.any { it.variants.isNotEmpty() }, "variants")
        val categories = catalog.categories.map { it.id }.toSet()
        assertTrue(products.all { it.category in categories }, "a product of an unknown category")
        val text = products.joinToString("") { it.description }
        for (part in listOf("\"", "\\", "\n", "\t", "ß")) {
            assertTrue(text.contains(part), "no $part in the descriptions")
        }
    }

    private fun assertNear(target: Long, size: Int) =
        assertTrue(abs(size - target) <= target / 20, "$size bytes, not within 5% of $target")
}
