package serialbench.codec.tree

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import org.junit.jupiter.api.Timeout
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.Arguments
import org.junit.jupiter.params.provider.MethodSource
import serialbench.TestOrder
import serialbench.codec.Codec
import serialbench.codec.Payload
import serialbench.codecs.Codecs
import serialbench.codecs.TreeCodecs
import serialbench.input.JsonDifference
import serialbench.input.StrictJsonReader
import serialbench.registration.TreeMode
import serialbench.results.DataChange
import java.util.concurrent.TimeUnit

/** Every codec in tree mode: who has one, that each keeps ordinary data, and what each does to tricky values. */
@Order(TestOrder.CODECS)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TreeCodecTest {
    private val codecs = Codecs.ids.map { Codecs.create(it, threads = 2) }
    private val trees = mutableListOf<TreeCodec>()

    @AfterAll
    fun close() {
        trees.forEach { it.close() }
        codecs.forEach { it.close() }
    }

    fun treeCodecs(): List<TreeCodec> = codecs.mapNotNull { codec ->
        (TreeCodecs.support(codec, threads = 2) as? TreeSupport.Supported)?.codec?.also { trees += it }
    }

    @ParameterizedTest
    @MethodSource("treeCodecs")
    fun `an object whose members are long enough to be split comes back as the same data`(trees: TreeCodec) {
        val records = (0 until 2_000).joinToString(",", "[", "]") {
            """{"id":$it,"name":"item-$it","tags":["a","b"],"price":$it.5}"""
        }
        val catalog = (0 until 2_000).joinToString(",", "{", "}") { """"sku-$it":{"stock":$it,"name":"n$it"}""" }
        assertKept(trees, """{"query":"q","data":$records,"paging":{"next":"c"},"catalog":$catalog}""")
    }

    @Test
    fun `each codec's tree support is what its registration declares, with the reason where it has none`() {
        for (registration in Codecs.registrations) {
            val codec = codecs.single { it.id == registration.id }
            val support = TreeCodecs.support(codec, threads = 2)
                .also { if (it is TreeSupport.Supported) trees += it.codec }
            val mode = registration.tree
            val expected: String? = when {
                codec.format != Codec.Format.JSON -> TreeCodecs.NEEDS_JSON
                mode == null -> TreeCodecs.NO_TREE_MODE
                mode is TreeMode.SameAs -> mode.reason
                else -> null
            }
            assertThat((support as? TreeSupport.Unsupported)?.reason).`as` { codec.id }.isEqualTo(expected)
            if (expected == null) assertThat(support).isInstanceOf(TreeSupport.Supported::class.java)
        }
        assertThat(treeCodecs().map { it.id }).describedAs("codecs with a tree mode").contains("fastjson2-parallel")
    }

    @ParameterizedTest
    @MethodSource("treeCodecs")
    fun `an array of ordinary records comes back as the same data`(trees: TreeCodec) {
        assertKept(trees, ORDINARY_ARRAY)
    }

    @ParameterizedTest
    @MethodSource("treeCodecs")
    fun `an array long enough to be split across threads comes back as the same data`(trees: TreeCodec) {
        val long = (0 until 2_000).joinToString(",", "[", "]") {
            """{"id":$it,"name":"item-$it","tags":["a","b"],"price":$it.5}"""
        }
        assertThat(long.length).isGreaterThan(64 * 1024)
        assertKept(trees, long)
    }

    @ParameterizedTest
    @MethodSource("treeCodecs")
    fun `an object comes back as the same data`(trees: TreeCodec) {
        assertKept(
            trees,
            """{"meta": {"page": 1, "next": "b2Zm"}, "items": [1, [2, [3]], {"x": -1.25e-3}], "ok": true}""",
        )
    }

    @Test
    fun `the payload is the one the library reads, text or bytes for DSL-JSON`() {
        assertThat(treeCodecs().associate { it.id to it.payloadOf("[1]").javaClass.simpleName })
            .containsEntry("dsl-json", "Binary").containsEntry("kotlinx-json", "Text").containsEntry("jackson", "Text")
    }

    fun changes(): List<Arguments> {
        val byDocument = mapOf(
            """[{"a": null, "b": 1}]""" to mapOf(
                "gson" to "null became absent",
                "fastjson2" to "null became absent",
                "fastjson2-parallel" to "null became absent",
                "moshi" to "null became absent",
            ),
            "[-0.0]" to mapOf(
                "fastjson2" to "-0.0 became 0.0",
                "fastjson2-parallel" to "-0.0 became 0.0",
                "dsl-json" to "-0.0 became 0.0",
            ),
            "[9007199254740993]" to mapOf("moshi" to "9007199254740993 became 9.007199254740992E15"),
            // kotlinx writes a JsonElement's number through Long or Double when it parses as one.
            "[0.10000000000000000001]" to mapOf(
                "kotlinx-json" to "0.10000000000000000001 became 0.1",
                "kotlinx-json-parallel" to "0.10000000000000000001 became 0.1",
                "jackson" to "0.10000000000000000001 became 0.1",
                "moshi" to "0.10000000000000000001 became 0.1",
            ),
            // Beyond a double's range: the strict reader and BigDecimal keep it, doubles overflow.
            "[1e400]" to mapOf(
                "kotlinx-json" to "fails: JsonEncodingException",
                "kotlinx-json-parallel" to "fails: JsonEncodingException",
                "jackson" to "1e400 became \"Infinity\"",
                "fastjson2" to "1e400 became null",
                "fastjson2-parallel" to "1e400 became null",
                "moshi" to "fails: JsonEncodingException",
            ),
        )
        return byDocument.flatMap { (document, changed) ->
            treeCodecs().map { Arguments.of(it, document, changed[it.id]) }
        }
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("changes")
    fun `what each library does to values a tree may not keep is found by the data check`(
        trees: TreeCodec,
        document: String,
        change: String?,
    ) {
        val found = try {
            JsonDifference.ofOutput(StrictJsonReader(document).readDocument(), roundTrip(trees, document))?.description
        } catch (e: Exception) {
            "fails: ${e.javaClass.simpleName}"
        }
        assertThat(found).isEqualTo(change)
    }

    private fun roundTrip(trees: TreeCodec, document: String): String =
        trees.encodeTree(trees.decodeTree(trees.payloadOf(document))).toText()

    @ParameterizedTest
    @MethodSource("treeCodecs")
    fun `a document nested as deep as a file may be comes back as the same data on half a default stack`(
        trees: TreeCodec,
    ) {
        val depth = StrictJsonReader.MAX_DEPTH
        val documents = listOf(
            "[".repeat(depth) + "1" + "]".repeat(depth),
            """{"a":""".repeat(depth) + "1" + "}".repeat(depth),
            """[{"a":""".repeat(depth / 2) + "1" + "}]".repeat(depth / 2),
        )
        for (document in documents) {
            var failure: Throwable? = null
            val thread = Thread(
                null,
                { failure = runCatching { assertKept(trees, document) }.exceptionOrNull() },
                "deep",
                HALF_DEFAULT_STACK_BYTES,
            )
            thread.start()
            thread.join()
            assertThat(failure).describedAs("${trees.id}: ${document.take(12)}...").isNull()
        }
    }

    private fun assertKept(trees: TreeCodec, document: String) {
        val payload: Payload = trees.payloadOf(document)
        val output = trees.encodeTree(trees.decodeTree(payload)).toText()
        val change: DataChange? = JsonDifference.ofOutput(StrictJsonReader(document).readDocument(), output)
        assertThat(change).describedAs("${trees.id} output: ${output.take(200)}").isNull()
    }

    private companion object {
        /**
         * Half of the JVM's default 1 MiB: a margin for the code a run calls before a codec, and for the first calls,
         * interpreted, whose frames are larger than compiled ones (a run overflowed at 700 levels where this test,
         * after the class's other tests, did not on a whole stack).
         */
        const val HALF_DEFAULT_STACK_BYTES = 512L * 1024

        val ORDINARY_ARRAY = """
            [
              {"id": 1, "name": "Ana \"the first\" Lopez", "city": "S\u00e3o Paulo", "tags": ["a", "b"], "score": 0.5,
               "active": true, "nested": {"depth": [1, [2, [3]]]}, "empty": {}, "none": []},
              {"id": -2, "name": "\u65e5\u672c \ud83d\ude00", "city": "Z\u00fcrich\n\t/", "tags": [], "score": 1.25e2,
               "active": false, "nested": {"depth": []}, "empty": {}, "none": [null]},
              "a string", 3, null, [true, false]
            ]
        """.trimIndent()
    }
}
