package serialbench.codec.tree

import serialbench.codec.Codec
import serialbench.codec.DslJsonCodec
import serialbench.codec.Fastjson2Codec
import serialbench.codec.Fastjson2ParallelCodec
import serialbench.codec.GsonCodec
import serialbench.codec.JacksonCodec
import serialbench.codec.KotlinxJsonCodec
import serialbench.codec.MoshiCodec
import serialbench.codec.ParallelJsonCodec
import serialbench.results.JsonTopLevel

/**
 * The closed registry of tree modes, by the id of the codec whose library each uses. A JSON codec without one
 * here, any other format, and the parallel codecs on a document that is not an array are unsupported, with the
 * reason the report shows.
 */
object TreeCodecs {
    /** Why a binary codec has no tree mode. */
    const val NEEDS_JSON = "tree mode needs a JSON codec"

    /** Why a JSON codec without an entry here has no tree mode. */
    const val NO_TREE_MODE = "no tree mode is defined for this codec (see `serialbench.codec.tree.TreeCodecs`)"

    /** How [codec] measures a document whose top level is [topLevel]; parallel tree codecs get [threads] threads. */
    fun support(codec: Codec, topLevel: JsonTopLevel, threads: Int): TreeSupport {
        if (codec.format != Codec.Format.JSON) return TreeSupport.Unsupported(NEEDS_JSON)
        return when (val entry = entries[codec.id]) {
            null -> TreeSupport.Unsupported(NO_TREE_MODE)
            is Entry.SameAs -> TreeSupport.Unsupported(entry.reason)
            is Entry.Tree -> if (entry.arraysOnly && topLevel != JsonTopLevel.ARRAY) {
                TreeSupport.Unsupported("it splits a top-level array into slices, and this document is an ${topLevel.displayName}")
            } else {
                TreeSupport.Supported(entry.create(threads))
            }
        }
    }

    private sealed interface Entry {
        class Tree(val arraysOnly: Boolean = false, val create: (threads: Int) -> TreeCodec) : Entry

        /** A codec whose tree mode would run the same code as another's. */
        class SameAs(val reason: String) : Entry
    }

    private val entries: Map<String, Entry> = mapOf(
        KotlinxJsonCodec.ID to Entry.Tree { KotlinxJsonTree() },
        ParallelJsonCodec.ID to Entry.Tree(arraysOnly = true) { threads -> ParallelJsonTree(threads) },
        JacksonCodec.ID to Entry.Tree { JacksonTree() },
        JacksonCodec.BLACKBIRD_ID to Entry.SameAs(
            "its tree mode is `${JacksonCodec.ID}`'s: Blackbird replaces reflective access to bean properties, and a " +
                "`JsonNode` tree has none",
        ),
        Fastjson2Codec.ID to Entry.Tree { Fastjson2Tree() },
        Fastjson2ParallelCodec.ID to Entry.Tree(arraysOnly = true) { threads -> Fastjson2ParallelTree(threads) },
        DslJsonCodec.ID to Entry.Tree { DslJsonTree() },
        GsonCodec.ID to Entry.Tree { GsonTree() },
        MoshiCodec.ID to Entry.Tree { MoshiTree() },
    )
}
