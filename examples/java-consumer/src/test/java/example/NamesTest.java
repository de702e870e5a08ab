package example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import kotlinx.serialization.SerializationException;
import kotlinx.serialization.json.Json;
import org.junit.jupiter.api.Test;
import serialbench.parallel.ParallelJson;

class NamesTest {
    @Test
    void aLargeListComesBackAsItWasAndIsWrittenAsJsonWritesIt() {
        List<String> names =
            IntStream.range(0, 50_000).mapToObj(i -> "name \"" + i + "\"").collect(Collectors.toList());
        assertEquals(names, Names.roundTrip(names, 2));
        try (ParallelJson parallel = ParallelJson.builder().parallelism(2).minParallelChars(0).build()) {
            assertEquals(Json.Default.encodeToString(Names.NAMES, names), parallel.encodeToString(Names.NAMES, names));
        }
    }

    @Test
    void aSettingOutOfRangeIsRefusedNamingIt() {
        IllegalArgumentException thrown =
            assertThrows(IllegalArgumentException.class, () -> ParallelJson.builder().parallelism(0).build());
        assertEquals("parallelism < 1: 0", thrown.getMessage());
    }

    @Test
    void malformedJsonFailsWithKotlinxsException() {
        try (ParallelJson parallel = ParallelJson.builder(Json.Default).parallelism(2).build()) {
            assertThrows(SerializationException.class, () -> parallel.decodeFromString(Names.NAMES, "[\"a\",]"));
        }
    }
}
