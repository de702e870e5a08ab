package serialbench.parallel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import kotlin.sequences.Sequence;
import kotlinx.serialization.KSerializer;
import kotlinx.serialization.SerializationException;
import kotlinx.serialization.builtins.BuiltinSerializersKt;
import kotlinx.serialization.json.DecodeSequenceMode;
import kotlinx.serialization.json.Json;
import org.junit.jupiter.api.Test;
import serialbench.parallel.fixtures.Record;
import serialbench.parallel.fixtures.Records;

/** The public API as a Java service calls it: constructors with fewer arguments, blocking calls, its own executor. */
class JavaCallersTest {
    private final KSerializer<Record> serializer = Record.Companion.serializer();
    private final List<Record> records = Records.INSTANCE.generate(300, 7L);
    private final KSerializer<List<Record>> list = BuiltinSerializersKt.ListSerializer(serializer);
    private final String text = Json.Default.encodeToString(list, records);

    @Test
    void aJavaServiceBuildsItWithTheSettingsItNeedsAndGetsJsonsResults() throws Exception {
        try (ParallelJson parallel = ParallelJson.builder(Json.Default).parallelism(2).build()) {
            assertThat(parallel.decodeFromString(list, text)).isEqualTo(records);
            assertThat(parallel.encodeToString(list, records)).isEqualTo(text);
            assertThat(parallel.encodeToByteArray(list, records))
                .isEqualTo(text.getBytes(StandardCharsets.UTF_8));
        }
        try (ParallelJson defaults = ParallelJson.builder().build()) {
            assertThat(defaults.getParallelism()).isEqualTo(Runtime.getRuntime().availableProcessors());
            assertThat(defaults.getExecutor()).isNull();
        }
    }

    @Test
    void streamsAreReadAsASequenceOrAnIterableAndWrittenFromAList() throws Exception {
        try (ParallelJson parallel = ParallelJson.builder(Json.Default).parallelism(2).build()) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            parallel.encodeToStream(list, records, out);
            assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo(text);

            Sequence<Record> sequence =
                parallel.decodeToSequence(
                    new ByteArrayInputStream(out.toByteArray()), serializer, DecodeSequenceMode.ARRAY_WRAPPED);
            List<Record> read = new ArrayList<>();
            sequence.iterator().forEachRemaining(read::add);
            assertThat(read).isEqualTo(records);

            // without a mode, as Json's own Java-facing call: the array is detected
            List<Record> detected = new ArrayList<>();
            parallel.decodeToSequence(new ByteArrayInputStream(out.toByteArray()), serializer)
                .iterator().forEachRemaining(detected::add);
            assertThat(detected).isEqualTo(records);

            // for-each over the Iterable form, which gives its one iterator only
            Iterable<Record> iterable =
                parallel.decodeToIterable(new ByteArrayInputStream(out.toByteArray()), serializer);
            List<Record> looped = new ArrayList<>();
            for (Record record : iterable) {
                looped.add(record);
            }
            assertThat(looped).isEqualTo(records);
            assertThatThrownBy(iterable::iterator).isInstanceOf(IllegalStateException.class);
        }
    }

    @Test
    void aServicesExecutorAndCompletableFuturesWorkTogether() throws Exception {
        ExecutorService service = Executors.newFixedThreadPool(2);
        try (ParallelJson parallel = ParallelJson.builder(Json.Default)
                .parallelism(2)
                .minParallelChars(0)
                .adaptiveSplit(false)
                .executor(service)
                .build()) {
            CompletableFuture<List<Record>> decoded =
                CompletableFuture.supplyAsync(() -> parallel.decodeFromString(list, text), service);
            assertThat(decoded.get()).isEqualTo(records);
        } finally {
            service.shutdown();
        }
    }

    @Test
    void malformedJsonFailsWithKotlinxsExceptionAsAJavaCallerCatchesIt() {
        try (ParallelJson parallel = ParallelJson.builder(Json.Default).parallelism(2).build()) {
            assertThatThrownBy(() -> parallel.decodeFromString(list, "[{\"id\": x}]"))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("offset");
        }
    }
}
