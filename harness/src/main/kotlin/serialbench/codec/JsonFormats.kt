package serialbench.codec

import kotlinx.serialization.StringFormat
import kotlinx.serialization.json.Json

/**
 * A codec that is a kotlinx [StringFormat] over a kotlinx [Json] (`kotlinx-json`, `kotlinx-json-parallel`): the
 * same library over another configuration of `Json`, as the document set writes its layouts (`bench.documentSet`).
 */
interface JsonFormats {
    /**
     * This codec's library over [json]; what it returns that is [AutoCloseable] (a [StringFormat] with threads of
     * its own) is closed by the caller. Where it splits, its choices are counted by [splitsOf].
     */
    fun over(json: Json): StringFormat

    /** The split choices of a format [over] made; null for a format that does not split. */
    fun splitsOf(format: StringFormat): SplitCounting? = null
}
