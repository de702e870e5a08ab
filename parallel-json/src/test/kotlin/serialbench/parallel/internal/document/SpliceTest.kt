package serialbench.parallel.internal.document

import kotlinx.serialization.Serializable
import kotlinx.serialization.builtins.serializer
import kotlinx.serialization.json.Json
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.ValueSource
import serialbench.parallel.internal.engine.KotlinxJsonListEngine
import serialbench.parallel.internal.scan.Brackets
import serialbench.parallel.internal.split.ChunkPlan
import serialbench.parallel.internal.split.Chunks
import serialbench.parallel.internal.split.Fallback

/** A pretty-printed place's chunks, written for its depth, are spliced where its marker stands, and nowhere else. */
class SpliceTest {
    @Serializable
    data class Inner(val name: String, val values: List<Int>)

    @Serializable
    data class Outer(val id: Int, val inner: Inner)

    /** [Outer] with a string where [Inner.values] goes: the skeleton `Json` writes with a marker there. */
    @Serializable
    data class Marked(val id: Int, val inner: MarkedInner)

    @Serializable
    data class MarkedInner(val name: String, val values: String)

    private val value = Outer(7, Inner("a\nb", listOf(1, 2, 3, 4)))

    private fun pretty(indent: String) = Json {
        prettyPrint = true
        prettyPrintIndent = indent
    }

    /** The chunks of [values] as a place of a member of an object at [depth]: two chunks, as a split writes them. */
    private fun chunks(json: Json, splice: Splice, values: List<Int>, depth: Int): Chunks {
        val plan = ChunkPlan(KotlinxJsonListEngine(json, Int.serializer()), values, first = null, chunksAfterFirst = 2)
        val levels = splice.memberLevels(depth)
        return Chunks(List(plan.chunkCount) { plan.encodeChunk(it, levels) }, Brackets.ARRAY, levels)
    }

    @ParameterizedTest
    @ValueSource(strings = ["    ", "\t", " ", " \t\r"])
    fun `a member's chunks written for its depth make the text Json writes`(indent: String) {
        val json = pretty(indent)
        val splice = Splice(json)
        val skeleton = skeleton(json, splice)
        val joined = splice.join(skeleton, listOf(chunks(json, splice, value.inner.values, depth = 1)))
        assertThat(joined).isEqualTo(json.encodeToString(Outer.serializer(), value))
    }

    @ParameterizedTest
    @ValueSource(ints = [0, 2])
    fun `chunks written for another depth than their marker's line are abandoned, not spliced`(depth: Int) {
        val json = pretty("  ")
        val splice = Splice(json)
        val skeleton = skeleton(json, splice)
        assertThatThrownBy { splice.join(skeleton, listOf(chunks(json, splice, value.inner.values, depth))) }
            .isInstanceOfSatisfying(Abandoned::class.java) { assertThat(it.reason).isEqualTo(Fallback.MARKER_IN_TEXT) }
    }

    private fun skeleton(json: Json, splice: Splice): String =
        json.encodeToString(Marked.serializer(), Marked(value.id, MarkedInner(value.inner.name, splice.marker(0))))
}
