package dev.fluxlab.runner;

import dev.fluxlab.model.http.WireProtocol;
import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.model.suite.Suite;

import java.time.Duration;
import java.util.List;

/**
 * Wall time a run will take, for {@code --dry-run}: per cell and repeat, the start-up of every JVM, the warm-up
 * (its bound when adaptive), the measured phase and the stop.
 *
 * <p>A request-bounded cell ({@code requests: N}) measures until N requests are answered, at a rate only the run finds
 * out (the seed 002 cells this was written for took 7 s to 91 minutes for the same count). Its measured phase is
 * counted as nothing in the expected figure, which is then the least the cell can take, and at its bound
 * ({@code measure}) in {@link #bound}; {@link #requestBounded} tells the printer to say "at least".
 */
public final class Estimate {

    /** Start-up to readiness of one target JVM on a small, busy machine. */
    public static final Duration TARGET_STARTUP = Duration.ofMillis(2500);
    /**
     * Start of the injector JVM until its first connection: once per repeat, or with {@code fork: shared} once per
     * group, whose injector JVM is kept like its targets.
     */
    public static final Duration INJECTOR_STARTUP = Duration.ofMillis(1500);
    /**
     * A typical automatic warm-up against targets that are already warm (fork: shared), with the injector JVM kept
     * warm too: 5-11 s, 6.2 s on average, in the quick suite's warm cells here (2026-11-24; 7-9 s when every cell
     * started a fresh injector, whose own JIT ramp then set the length).
     */
    public static final Duration WARM_AUTO_WARMUP = Duration.ofSeconds(6);
    /**
     * What an automatic warm-up against freshly started targets typically takes here, now that it waits for their JIT
     * to go quiet: 12-20 s for HTTP/1.1 Reactor Netty, 24-30 s for h2c (quick suite, 2026-11-23).
     */
    public static final Duration COLD_AUTO_WARMUP = Duration.ofSeconds(20);
    /**
     * {@link #WARM_AUTO_WARMUP} for a cell that speaks TLS ({@link #tls}): handshakes, the TLS and HTTP/2 codecs and
     * the certificate code keep the JIT busy far longer. Warm cells of h2-proxy-hosts took 23-26 s at bounds of 30 and
     * 60 s, and nearly every warm cell of h2-proxy ran into its 15 s bound (2026-11-23/24).
     */
    public static final Duration TLS_WARM_AUTO_WARMUP = Duration.ofSeconds(24);
    /**
     * {@link #COLD_AUTO_WARMUP} for a cell that speaks TLS: the first cell of each client mode ran into a 45 s bound
     * in h2-proxy, and in h2-proxy-hosts (a CPU per JVM) into 30 s and then 55.8 s of 60 s (2026-11-24).
     */
    public static final Duration TLS_COLD_AUTO_WARMUP = Duration.ofSeconds(56);
    /** SIGTERM, exit, log scan. */
    public static final Duration STOP = Duration.ofMillis(700);

    private Estimate() {
    }

    /** A cell whose targets must be started (always so with {@code fork: per-cell}). */
    public static Duration cell(Suite suite, Cell cell) {
        return cell(suite, cell, false);
    }

    /**
     * A cell's wall time; {@code targetsRunning}: with {@code fork: shared}, the previous cell left identical targets
     * running, so no start-up is paid (and with shared targets, repeats pay it at most once).
     */
    public static Duration cell(Suite suite, Cell cell, boolean targetsRunning) {
        return cell(suite, cell, targetsRunning, false);
    }

    /**
     * With {@code bound}, an automatic warm-up is counted at its full {@code warmup_max} and every measured phase at
     * its bound; without, a warm-up against targets that are already running is counted as {@link #WARM_AUTO_WARMUP}
     * (what it typically takes here) and a request-bounded measured phase as nothing.
     */
    public static Duration cell(Suite suite, Cell cell, boolean targetsRunning, boolean bound) {
        return unprofiled(suite, cell, targetsRunning, bound).plus(profiled(suite, cell, bound));
    }

    /** Whether the cell measures a fixed request count ({@code requests}) rather than for a duration. */
    public static boolean requestBounded(Cell cell) {
        return cell.load().requests() != null;
    }

    /**
     * Whether the cell speaks TLS somewhere: its load over h2, or a process serving h2 (the {@code protocol} knob) or
     * pointed at an {@code https://} URL (a proxy's backend).
     */
    static boolean tls(Cell cell) {
        String h2 = WireProtocol.H2.label();
        return h2.equals(cell.load().protocol()) || cell.processes().stream().anyMatch(p ->
                h2.equals(p.knobs().get("protocol"))
                        || p.knobs().values().stream().anyMatch(v -> v != null && v.startsWith("https://")));
    }

    /** One measured phase: see {@link #cell(Suite, Cell, boolean, boolean)}. */
    private static Duration measured(Suite suite, Cell cell, boolean bound) {
        return bound ? suite.measureMax() : requestBounded(cell) ? Duration.ZERO : suite.measure();
    }

    /** {@code typical}, but never beyond the warm-up's bound. */
    private static Duration capped(Suite suite, Duration typical) {
        return typical.compareTo(suite.warmup()) < 0 ? typical : suite.warmup();
    }

    /** What an automatic warm-up against fresh targets typically takes: capped by the bound, at least the cell's minimum. */
    private static Duration coldAuto(Suite suite, Cell cell) {
        Duration cold = capped(suite, tls(cell) ? TLS_COLD_AUTO_WARMUP : COLD_AUTO_WARMUP);
        return suite.coldWarmupMin(cell).compareTo(cold) > 0 ? suite.coldWarmupMin(cell) : cold;
    }

    /**
     * The profiled repeats of a cell (one per profile mode): each starts its own targets and warms up cold (an
     * automatic warm-up counted at {@link #COLD_AUTO_WARMUP}, bounded by the suite's bound).
     */
    static Duration profiled(Suite suite, Cell cell, boolean bound) {
        Duration warmup = suite.autoWarmup() ? capped(suite, tls(cell) ? TLS_COLD_AUTO_WARMUP : COLD_AUTO_WARMUP)
                : suite.warmup();
        return TARGET_STARTUP.multipliedBy(cell.processes().size()).plus(INJECTOR_STARTUP).plus(warmup)
                .plus(measured(suite, cell, bound)).plus(STOP).multipliedBy(suite.profileModes().size());
    }

    private static Duration unprofiled(Suite suite, Cell cell, boolean targetsRunning, boolean bound) {
        Duration startups = TARGET_STARTUP.multipliedBy(cell.processes().size());
        Duration warmup = suite.warmup();
        Duration measure = measured(suite, cell, bound);
        Duration warm = tls(cell) ? TLS_WARM_AUTO_WARMUP : WARM_AUTO_WARMUP;
        if (suite.autoWarmup() && !bound && suite.sharedTargets() && warmup.compareTo(warm) > 0) {
            // the first repeat of a group pays the cold warm-up; the others start on warm targets
            Duration first = targetsRunning ? warm : coldAuto(suite, cell);
            Duration rest = warm.multipliedBy(suite.repeats() - 1L);
            Duration fixed = measure.plus(STOP).multipliedBy(suite.repeats());
            return fixed.plus(first).plus(rest).plus(targetsRunning ? Duration.ZERO : startups.plus(INJECTOR_STARTUP));
        }
        Duration perRepeat = warmup.plus(measure).plus(STOP);
        if (suite.sharedTargets()) {
            return perRepeat.multipliedBy(suite.repeats())
                    .plus(targetsRunning ? Duration.ZERO : startups.plus(INJECTOR_STARTUP));
        }
        return perRepeat.plus(startups).plus(INJECTOR_STARTUP).multipliedBy(suite.repeats());
    }

    /** The expected wall time of each of {@code cells} run in this order. */
    public static List<Duration> cells(Suite suite, List<Cell> cells) {
        return cells(suite, cells, false);
    }

    /** The wall time of each of {@code cells} in this order; {@code bound}: every warm-up and measured phase at its limit. */
    public static List<Duration> cells(Suite suite, List<Cell> cells, boolean bound) {
        List<Duration> out = new java.util.ArrayList<>();
        String previous = null;
        for (Cell c : cells) {
            out.add(cell(suite, c, suite.sharedTargets() && c.targetsKey().equals(previous), bound));
            previous = c.targetsKey();
        }
        return out;
    }

    /** The expected wall time; with request-bounded cells ({@link #requestBounded}) the least. */
    public static Duration total(Suite suite, List<Cell> cells) {
        return cells(suite, cells).stream().reduce(Duration.ZERO, Duration::plus);
    }

    /** The longest the cells can take: every automatic warm-up and every measured phase running to its bound. */
    public static Duration bound(Suite suite, List<Cell> cells) {
        return cells(suite, cells, true).stream().reduce(Duration.ZERO, Duration::plus);
    }

    /** {@code ~3m12s}, or {@code ≥3m12s} when request-bounded cells make {@link #total} the least. */
    public static String approximately(Suite suite, List<Cell> cells) {
        return (cells.stream().anyMatch(Estimate::requestBounded) ? "≥" : "~") + format(total(suite, cells));
    }

    /** {@code 2.5s} below ten seconds, else like {@link #format}. */
    public static String precise(Duration d) {
        long ms = d.toMillis();
        return ms < 10_000 ? (ms % 1000 == 0 ? ms / 1000 + "s" : String.format(java.util.Locale.ROOT, "%.1fs", ms / 1000.0))
                : format(d);
    }

    /** {@code 3m12s}, {@code 45s}. */
    public static String format(Duration d) {
        long s = (d.toMillis() + 500) / 1000;
        if (s >= 3600) {
            return s / 3600 + "h" + String.format("%02dm", (s % 3600) / 60);
        }
        return s >= 60 ? s / 60 + "m" + String.format("%02ds", s % 60) : s + "s";
    }
}
