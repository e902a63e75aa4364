package dev.fluxlab.targets.reactor.fanout;

import dev.fluxlab.model.contract.ThreadsSeen;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts, per strategy, on which threads the fan-out's requests arrived and its components were handled, by
 * thread-name pattern ({@link ThreadsSeen#pattern(Thread)}): seed 003's evidence, cheap enough for every request.
 * Each platform thread finds its pattern's counters once (a thread-local); after that a count is a thread-local read
 * and a {@link LongAdder} add, no allocation. Virtual threads (one per task) share one set of counters without a
 * thread-local.
 */
final class ThreadTally {

    private static final Strategy[] STRATEGIES = Strategy.values();
    private static final int ROLES = 2;
    private static final int REQUEST = 0;
    private static final int COMPONENT = 1;

    private final ConcurrentHashMap<String, LongAdder[]> byPattern = new ConcurrentHashMap<>();
    private final LongAdder[] virtual = counters(ThreadsSeen.VIRTUAL);
    private final ThreadLocal<LongAdder[]> mine =
            ThreadLocal.withInitial(() -> counters(ThreadsSeen.pattern(Thread.currentThread())));

    private LongAdder[] counters(String pattern) {
        return byPattern.computeIfAbsent(pattern, p -> {
            LongAdder[] a = new LongAdder[STRATEGIES.length * ROLES];
            for (int i = 0; i < a.length; i++) {
                a[i] = new LongAdder();
            }
            return a;
        });
    }

    private LongAdder[] current() {
        Thread t = Thread.currentThread();
        return t.isVirtual() ? virtual : mine.get();
    }

    /** A request with strategy {@code s} arrived on the current thread. */
    void request(Strategy s) {
        current()[s.ordinal() * ROLES + REQUEST].increment();
    }

    /** A component of a request with strategy {@code s} is handled on the current thread. */
    void component(Strategy s) {
        current()[s.ordinal() * ROLES + COMPONENT].increment();
    }

    /** Forgets every count (after priming, so the evidence is the load's). */
    void reset() {
        byPattern.values().forEach(a -> {
            for (LongAdder x : a) {
                x.reset();
            }
        });
    }

    /** The counts so far; strategies, roles and patterns never seen are left out. */
    ThreadsSeen snapshot() {
        Map<String, Map<String, Map<String, Long>>> out = new TreeMap<>();
        byPattern.forEach((pattern, a) -> {
            for (Strategy s : STRATEGIES) {
                put(out, s, ThreadsSeen.REQUEST, pattern, a[s.ordinal() * ROLES + REQUEST].sum());
                put(out, s, ThreadsSeen.COMPONENT, pattern, a[s.ordinal() * ROLES + COMPONENT].sum());
            }
        });
        return new ThreadsSeen(out);
    }

    private static void put(Map<String, Map<String, Map<String, Long>>> out, Strategy s, String role, String pattern,
                            long n) {
        if (n > 0) {
            out.computeIfAbsent(s.label(), k -> new LinkedHashMap<>()).computeIfAbsent(role, k -> new TreeMap<>())
                    .put(pattern, n);
        }
    }
}
