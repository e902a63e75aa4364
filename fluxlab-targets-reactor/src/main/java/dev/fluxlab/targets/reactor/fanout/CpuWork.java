package dev.fluxlab.targets.reactor.fanout;

/**
 * Handling cost per component: busy work for a given number of microseconds (seed 003's {@code handleResponse}), so
 * users can see from which cost on spreading components over rails pays.
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
            for (int i = 0; i < 64; i++) {
                x ^= x << 13;
                x ^= x >>> 7;
                x ^= x << 17;
            }
        } while (System.nanoTime() < deadline);
        return x;
    }
}
