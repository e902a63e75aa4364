package dev.fluxlab.targets.reactor.fanout;

/**
 * Handling cost per component (seed 003's {@code handleResponse}): busy work for a given number of microseconds of
 * wall time ({@link #spin}), or a fixed number of rounds whose CPU time {@link CpuBudget} calibrated
 * ({@link #rounds}), so users can see from which cost on spreading components over rails pays.
 */
final class CpuWork {

    private CpuWork() {
    }

    /** Spins for {@code micros} of wall time doing arithmetic the JIT cannot drop; returns the result. */
    static long spin(long micros, long seed) {
        if (micros <= 0) {
            return seed;
        }
        long deadline = System.nanoTime() + micros * 1_000L;
        long x = seed | 1;
        do {
            x = round(x);
        } while (System.nanoTime() < deadline);
        return x;
    }

    /** Runs {@code n} rounds of the same arithmetic; returns the result. */
    static long rounds(long n, long seed) {
        long x = seed | 1;
        for (long i = 0; i < n; i++) {
            x = round(x);
        }
        return x;
    }

    private static long round(long x) {
        for (int i = 0; i < 64; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        return x;
    }
}
