package dev.fluxlab.probe;

/**
 * The fixed CPU-bound work the machine's speed is measured with: the same every time, so two readings differ only by
 * how fast the machine ran it. One operation is one step of a xorshift random-number generator plus one read and one
 * write at a pseudo-random index of a 1 MiB table (larger than a core's L1 and most L2 caches), so it measures one
 * core's integer and cache/memory speed.
 *
 * <p>What it cannot see: contention on other cores (it runs on one thread), floating-point or vector units, and the
 * memory bandwidth of many cores at once. It is a speedometer for "did this machine get slower", not a benchmark.
 *
 * <p>The run returns a checksum of everything it touched, checked against {@link #CHECKSUM}: the result is used, so
 * the JIT cannot drop the work, and a wrong result is an error rather than a fast figure.
 */
public final class ReferenceWorkload {

    /** Operations in one run (about 25 ms on one core of this lab's machines when idle). */
    public static final int OPERATIONS = 2_000_000;
    /** The checksum one run of {@link #OPERATIONS} operations must return. */
    public static final long CHECKSUM = 0x018ed1c2a4489f4eL;

    private static final int TABLE_SIZE = 1 << 18;
    private static final long SEED = 0x9E3779B97F4A7C15L;

    private final int[] table = new int[TABLE_SIZE];

    /** Runs the workload once and returns its checksum. */
    public long run() {
        for (int i = 0; i < TABLE_SIZE; i++) {
            table[i] = i;
        }
        int mask = TABLE_SIZE - 1;
        long x = SEED;
        long sum = 0;
        for (int i = 0; i < OPERATIONS; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
            int j = (int) x & mask;
            int v = table[j];
            table[j] = v * 31 + i;
            sum += v;
        }
        return sum ^ x;
    }

    /** Runs the workload once and fails when its result is not {@link #CHECKSUM}. */
    public void runChecked() {
        long c = run();
        if (c != CHECKSUM) {
            throw new IllegalStateException("the reference workload computed 0x" + Long.toHexString(c)
                    + " instead of 0x" + Long.toHexString(CHECKSUM) + ": this JVM miscomputes, its speed means nothing");
        }
    }
}
