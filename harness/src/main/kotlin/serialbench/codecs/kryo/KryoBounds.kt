package serialbench.codecs.kryo

import com.esotericsoftware.kryo.Kryo
import com.esotericsoftware.kryo.KryoException
import com.esotericsoftware.kryo.io.Input
import com.esotericsoftware.kryo.serializers.CollectionSerializer
import com.esotericsoftware.kryo.serializers.MapSerializer

/**
 * A Kryo [Input] over a whole payload that refuses a declared length longer than the bytes left, before Kryo
 * allocates for it: a string's characters (each takes at least one byte in Kryo's UTF-8) and a byte array's bytes.
 */
internal class BoundedInput(bytes: ByteArray) : Input(bytes) {
    /** [count] things of [what] declared at the current position: at most one per byte left. */
    fun checkDeclared(count: Int, what: String) {
        if (count < 0 || count > limit - position) {
            throw KryoException("$count $what declared at byte $position, with ${limit - position} bytes left")
        }
    }

    override fun readString(): String? {
        // Kryo's string: ASCII ending at a byte with its high bit set, or a flagged var-int of characters + 1, then
        // UTF-8.
        if (readVarIntFlag()) {
            val start = position
            val charsPlusOne = readVarIntFlag(true)
            if (charsPlusOne > 1) checkDeclared(charsPlusOne - 1, "string characters")
            position = start
        }
        return super.readString()
    }

    override fun readBytes(length: Int): ByteArray {
        checkDeclared(length, "bytes")
        return super.readBytes(length)
    }
}

/** Kryo's list and map serializers, reading into an `ArrayList` or a `LinkedHashMap` of a size the payload can hold. */
internal object BoundedCollections {
    class Lists : CollectionSerializer<MutableCollection<Any?>>() {
        override fun create(
            kryo: Kryo,
            input: Input,
            type: Class<out MutableCollection<Any?>>,
            size: Int,
        ): MutableCollection<Any?> {
            (input as BoundedInput).checkDeclared(size, "list elements")
            return ArrayList(size)
        }
    }

    class Maps : MapSerializer<MutableMap<Any?, Any?>>() {
        override fun create(
            kryo: Kryo,
            input: Input,
            type: Class<out MutableMap<Any?, Any?>>,
            size: Int,
        ): MutableMap<Any?, Any?> {
            (input as BoundedInput).checkDeclared(size, "map entries")
            return LinkedHashMap(size)
        }
    }
}
