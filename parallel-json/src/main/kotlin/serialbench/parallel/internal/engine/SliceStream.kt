package serialbench.parallel.internal.engine

import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.descriptors.PolymorphicKind
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.descriptors.SerialKind
import serialbench.parallel.internal.scan.Brackets
import java.io.InputStream
import java.nio.ByteBuffer
import java.nio.CharBuffer
import java.util.concurrent.atomic.AtomicInteger

/**
 * The UTF-8 bytes of [open], `text[from until to]` and [close], encoded a block at a time from [text] where it lies:
 * kotlinx reads a slice from it (`decodeFromStream`) to what it reads from the string `open + text.substring(from,
 * to) + close`, without making those two copies of the run. They are garbage at once, but at 100,000 objects of a
 * list of 135 MB they were 270 MB a call, and the young collections that they brought on copied the elements decoded
 * so far each time. A run holding an unpaired surrogate, which UTF-8 cannot carry, throws [UnpairedSurrogate] when
 * the reading reaches it.
 */
internal class SliceStream(
    private val text: String,
    from: Int,
    private val to: Int,
    private val open: Char,
    private val close: Char,
) : InputStream() {
    init {
        require(from in 0..to && to <= text.length) { "not a run of the text's ${text.length} chars: $from until $to" }
    }

    private var next = from
    private val chars: CharBuffer = CharBuffer.allocate(BLOCK_CHARS).flip()
    private val bytes: ByteBuffer = ByteBuffer.allocate(BLOCK_CHARS * MAX_UTF8_BYTES_PER_CHAR + 2).flip()
    private val encoder = Charsets.UTF_8.newEncoder()
    private var opened = false
    private var closed = false

    override fun read(): Int {
        if (!ready()) return -1
        return bytes.get().toInt() and 0xFF
    }

    override fun read(b: ByteArray, off: Int, len: Int): Int {
        if (off < 0 || len < 0 || len > b.size - off) throw IndexOutOfBoundsException("$off, $len of ${b.size}")
        if (len == 0) return 0
        if (!ready()) return -1
        val n = minOf(len, bytes.remaining())
        bytes.get(b, off, n)
        return n
    }

    /** Whether bytes are left, the next block encoded where none was. */
    private fun ready(): Boolean {
        while (!bytes.hasRemaining() && !closed) fill()
        return bytes.hasRemaining()
    }

    private fun fill() {
        bytes.clear()
        if (!opened) {
            bytes.put(open.code.toByte())
            opened = true
        }
        if (next < to) {
            chars.compact()
            val n = minOf(chars.remaining(), to - next)
            text.toCharArray(chars.array(), chars.position(), next, next + n)
            chars.position(chars.position() + n)
            next += n
            chars.flip()
            if (encoder.encode(chars, bytes, false).isError) throw UnpairedSurrogate
        }
        if (next == to) {
            // a high surrogate the encoder kept for a low one that never came
            if (chars.hasRemaining()) throw UnpairedSurrogate
            bytes.put(close.code.toByte())
            closed = true
        }
        bytes.flip()
    }

    /** A run holding a surrogate without its pair: read from a copy of the run instead. */
    object UnpairedSurrogate : RuntimeException("an unpaired surrogate, which UTF-8 cannot carry", null, false, false) {
        private fun readResolve(): Any = UnpairedSurrogate
    }

    private companion object {
        /** The chars encoded at a time. */
        const val BLOCK_CHARS = 8192

        /** What one char of a string takes in UTF-8 at most (a surrogate pair takes 4 for two). */
        const val MAX_UTF8_BYTES_PER_CHAR = 3
    }
}

/**
 * Reads the runs of a text between [brackets] where they lie ([SliceStream]) for values of [descriptor] that kotlinx
 * reads alike from a stream ([readsAlikeFromStream]); from a copy the others, and those a stream cannot carry (an
 * unpaired surrogate), which it counts ([copied]).
 */
internal class InPlaceSlices(private val brackets: Brackets, descriptor: SerialDescriptor) {
    /** Whether runs are read where they lie. */
    val inPlace: Boolean = readsAlikeFromStream(descriptor)

    private val copies = AtomicInteger()

    /** How many runs were read from a copy for an unpaired surrogate. */
    val copied: Int get() = copies.get()

    /** What [fromStream] reads of the run `text[from until to]` between the brackets, else what [fromCopy] reads. */
    fun <R> read(text: String, from: Int, to: Int, fromStream: (InputStream) -> R, fromCopy: () -> R): R {
        if (!inPlace) return fromCopy()
        return try {
            fromStream(SliceStream(text, from, to, brackets.open, brackets.close))
        } catch (_: SliceStream.UnpairedSurrogate) {
            copies.incrementAndGet()
            fromCopy()
        }
    }
}

/**
 * Whether kotlinx reads values of [descriptor] from a stream exactly as from a string: not where a polymorphic value
 * may be met (or a contextual one, which may be polymorphic), anywhere inside. From a string, kotlinx reads such a
 * value by its leading discriminator as it goes, and fails at a member of the wrong type that a later member of the
 * same name repeats; from a stream it first reads the whole value as a tree, where the later member wins.
 */
@OptIn(ExperimentalSerializationApi::class)
internal fun readsAlikeFromStream(descriptor: SerialDescriptor): Boolean {
    val seen = HashSet<String>()
    fun alike(d: SerialDescriptor): Boolean {
        if (d.kind is PolymorphicKind || d.kind == SerialKind.CONTEXTUAL) return false
        if (!seen.add(d.serialName + d.isNullable)) return true
        return (0 until d.elementsCount).all { alike(d.getElementDescriptor(it)) }
    }
    return alike(descriptor)
}
