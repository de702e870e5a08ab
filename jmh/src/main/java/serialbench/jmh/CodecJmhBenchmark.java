package serialbench.jmh;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import serialbench.codec.Codec;
import serialbench.codec.CodecKt;
import serialbench.codecs.Codecs;
import serialbench.codec.ListCodec;
import serialbench.codec.Payload;
import serialbench.data.Shape;
import serialbench.shapes.Shapes;

/**
 * The harness's codec operations under JMH: the same {@link Codec} classes, objects and payloads, so that the
 * two measurements differ only in method. Parameters are set by {@link JmhCrossCheck}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class CodecJmhBenchmark {
    @Param({"kotlinx-json"})
    public String codec;

    @Param({"flat"})
    public String shape;

    @Param({"1000"})
    public int size;

    @Param({"20240601"})
    public long seed;

    @Param({"2"})
    public int threads;

    private Codec instance;
    private ListCodec<Object> lists;
    private List<Object> objects;
    private Payload payload;

    @Setup(Level.Trial)
    @SuppressWarnings("unchecked")
    public void setUp() {
        instance = Codecs.INSTANCE.create(codec, threads);
        Shape<Object> resolved = (Shape<Object>) Shapes.INSTANCE.byId(shape);
        lists = CodecKt.listCodec(instance, resolved);
        objects = resolved.generate(seed, size);
        payload = lists.encode(objects);
        if (!lists.decode(payload).equals(objects)) {
            throw new IllegalStateException("codec " + codec + ", shape " + shape + " at size " + size
                    + ": decoding its own payload gave a different list");
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        instance.close();
    }

    @Benchmark
    public Payload serialize() {
        return lists.encode(objects);
    }

    @Benchmark
    public List<Object> deserialize() {
        return lists.decode(payload);
    }
}
