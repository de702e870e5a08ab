#!/usr/bin/env bash
# The machine references side by side in one thread: the hash (a chain of multiplications over 64 KiB) and the table
# walk (data-dependent loads and branches over 256 KiB), each timed 21 times in turn and their medians printed every
# few hundred milliseconds, for as many seconds as given (40 by default). On a shared host whose neighbour is busy on
# the same cores, the walk's time moves in spells while the hash's stays put
# (docs/measurements/2026-12-06-a-machine-of-two-speeds.md). Needs a JDK only.
set -euo pipefail
seconds=${1:-40}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat > "$dir/HashAndWalk.java" <<'JAVA'
import java.util.Arrays;
import java.util.Random;

public class HashAndWalk {
    static int hash(byte[] data) {
        int hash = 0x811C9DC5;
        for (int pass = 0; pass < 4; pass++) {
            hash ^= pass;
            for (byte b : data) hash = (hash ^ b) * 0x01000193;
        }
        return hash;
    }

    static int walk(int[] table, int steps) {
        int index = 0, sum = 0;
        for (int step = 0; step < steps; step++) {
            int value = table[index];
            if ((value & 1) == 0) sum += value;
            else if ((value & 2) == 0) sum ^= value;
            else sum -= value >> 3;
            index = (value ^ sum) & (table.length - 1);
        }
        return sum;
    }

    public static void main(String[] args) {
        byte[] data = new byte[65536];
        for (int i = 0; i < data.length; i++) data[i] = (byte) (i * 31 + 7);
        int[] table = new Random(1).ints(65536).toArray();
        long end = System.nanoTime() + Long.parseLong(args[0]) * 1_000_000_000L;
        long[] hashes = new long[21], walks = new long[21];
        long sink = 0;
        while (System.nanoTime() < end) {
            for (int i = 0; i < 21; i++) {
                long start = System.nanoTime();
                sink += hash(data);
                long middle = System.nanoTime();
                sink += walk(table, 100_000);
                walks[i] = System.nanoTime() - middle;
                hashes[i] = middle - start;
            }
            Arrays.sort(hashes);
            Arrays.sort(walks);
            System.out.printf("%tT hash %.0f us, walk %.0f us%n", System.currentTimeMillis(), hashes[10] / 1e3,
                walks[10] / 1e3);
        }
        System.out.println(sink == 42 ? "" : "done");
    }
}
JAVA
javac -d "$dir" "$dir/HashAndWalk.java"
java -cp "$dir" HashAndWalk "$seconds"
