package example;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import kotlin.jvm.internal.StringCompanionObject;
import kotlinx.serialization.KSerializer;
import kotlinx.serialization.builtins.BuiltinSerializersKt;
import kotlinx.serialization.json.Json;
import serialbench.parallel.ParallelJson;

/** A Java service's use of ParallelJson: built with its own executor, a list encoded and decoded back. */
public final class Names {
    /** The serializer of a list of strings, as Java names kotlinx's built-in serializers. */
    static final KSerializer<List<String>> NAMES =
        BuiltinSerializersKt.ListSerializer(BuiltinSerializersKt.serializer(StringCompanionObject.INSTANCE));

    private Names() {
    }

    /** Encodes [names] with ParallelJson on [threads] threads of a pool of the caller's, then decodes them back. */
    static List<String> roundTrip(List<String> names, int threads) {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try (ParallelJson parallel = ParallelJson.builder(Json.Default)
            .parallelism(threads)
            .executor(pool)
            .build()) {
            String text = parallel.encodeToString(NAMES, names);
            return parallel.decodeFromString(NAMES, text);
        } finally {
            pool.shutdown();
        }
    }

    public static void main(String[] args) {
        List<String> names = List.of("Ada", "Grace", "Barbara");
        System.out.println(roundTrip(names, 2));
    }
}
