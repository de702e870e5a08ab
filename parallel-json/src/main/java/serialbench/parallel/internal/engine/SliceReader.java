package serialbench.parallel.internal.engine;

import kotlinx.serialization.DeserializationStrategy;
import kotlinx.serialization.json.Json;
import kotlinx.serialization.json.internal.InternalJsonReader;
import kotlinx.serialization.json.internal.JsonStreamsKt;
import serialbench.parallel.internal.scan.Brackets;

/**
 * The run {@code text[from, to)} of a larger text between its brackets, handed to kotlinx's reading lexer as it asks
 * for characters: the run is read in place, and no string is made of it. A slice read from a string takes a copy of
 * its run first (kotlinx reads only whole strings): at 100,000 objects (135 MB of JSON) those copies are one more
 * allocation of the whole text a call, whose collections stop every thread.
 *
 * <p>kotlinx's reader interface is kept for its own modules (its {@code -io} and {@code -okio} readers): a Kotlin
 * caller cannot opt in to it, a Java one sees its plain public form, the same in every release this library
 * supports (1.9 to 1.11; the suite runs on both). Package-private: no part of the library's API.
 */
final class SliceReader implements InternalJsonReader {
    private final String text;
    private final int to;
    private final char open;
    private final char close;
    private int next;
    private boolean opened;
    private boolean closed;

    SliceReader(String text, int from, int to, Brackets brackets) {
        this.text = text;
        this.next = from;
        this.to = to;
        this.open = brackets.getOpen();
        this.close = brackets.getClose();
    }

    /** The value of {@code deserializer} in the run {@code text[from, to)} between brackets, read by json. */
    static <T> T decode(
            Json json, DeserializationStrategy<? extends T> deserializer, String text, int from, int to,
            Brackets brackets) {
        return JsonStreamsKt.decodeByReader(json, deserializer, new SliceReader(text, from, to, brackets));
    }

    @Override
    public int read(char[] buffer, int bufferOffset, int count) {
        if (closed) return -1;
        if (count <= 0) return 0;
        int written = 0;
        if (!opened) {
            buffer[bufferOffset] = open;
            opened = true;
            written = 1;
        }
        int run = Math.min(count - written, to - next);
        text.getChars(next, next + run, buffer, bufferOffset + written);
        next += run;
        written += run;
        if (next == to && written < count) {
            buffer[bufferOffset + written] = close;
            closed = true;
            written++;
        }
        return written;
    }
}
