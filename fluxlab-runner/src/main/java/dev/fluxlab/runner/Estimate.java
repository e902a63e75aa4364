package dev.fluxlab.runner;

import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.model.suite.Suite;

import java.time.Duration;
import java.util.List;

/**
 * Wall time a run will take, for {@code --dry-run}: per cell and repeat, the start-up of every JVM, the warm-up
 * (its bound when adaptive), the measured phase and the stop.
 */
public final class Estimate {

    /** Start-up to readiness of one target JVM on a small, busy machine. */
    public static final Duration TARGET_STARTUP = Duration.ofMillis(2500);
    /** Start of the injector JVM until its first connection. */
    public static final Duration INJECTOR_STARTUP = Duration.ofMillis(1500);
    /**
     * A typical automatic warm-up against targets that are already warm (fork: shared): the injector's own ramp and
     * JIT; 7-8 s in the quick suite's warm cells here (2026-11-23).
     */
    public static final Duration WARM_AUTO_WARMUP = Duration.ofSeconds(8);
    /**
     * What an automatic warm-up against freshly started targets typically takes here, now that it waits for their JIT
     * to go quiet: 12-20 s for HTTP/1.1 Reactor Netty, 24-30 s for h2c (quick suite, 2026-11-23).
     */
    public static final Duration COLD_AUTO_WARMUP = Duration.ofSeconds(20);
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
     * With {@code bound}, an automatic warm-up is counted at its full {@code warmup_max}; without, a warm-up against
     * targets that are already running is counted as {@link #WARM_AUTO_WARMUP} (what it typically takes here).
     */
    public static Duration cell(Suite suite, Cell cell, boolean targetsRunning, boolean bound) {
        return unprofiled(suite, cell, targetsRunning, bound).plus(profiled(suite, cell));
    }

    /**
     * The profiled repeats of a cell (one per profile mode): each starts its own targets and warms up cold (an
     * automatic warm-up counted at {@link #COLD_AUTO_WARMUP}, bounded by the suite's bound).
     */
    static Duration profiled(Suite suite, Cell cell) {
        Duration warmup = suite.autoWarmup() && COLD_AUTO_WARMUP.compareTo(suite.warmup()) < 0 ? COLD_AUTO_WARMUP
                : suite.warmup();
        return TARGET_STARTUP.multipliedBy(cell.processes().size()).plus(INJECTOR_STARTUP).plus(warmup)
                .plus(suite.measure()).plus(STOP).multipliedBy(suite.profileModes().size());
    }

    private static Duration unprofiled(Suite suite, Cell cell, boolean targetsRunning, boolean bound) {
        Duration startups = TARGET_STARTUP.multipliedBy(cell.processes().size());
        Duration warmup = suite.warmup();
        if (suite.autoWarmup() && !bound && suite.sharedTargets() && warmup.compareTo(WARM_AUTO_WARMUP) > 0) {
            // the first repeat of a group pays the cold warm-up; the others start on warm targets
            Duration cold = COLD_AUTO_WARMUP.compareTo(warmup) < 0 ? COLD_AUTO_WARMUP : warmup;
            if (suite.coldWarmupMin(cell).compareTo(cold) > 0) {
                cold = suite.coldWarmupMin(cell);
            }
            Duration first = targetsRunning ? WARM_AUTO_WARMUP : cold;
            Duration rest = WARM_AUTO_WARMUP.multipliedBy(suite.repeats() - 1L);
            Duration fixed = INJECTOR_STARTUP.plus(suite.measure()).plus(STOP).multipliedBy(suite.repeats());
            return fixed.plus(first).plus(rest).plus(targetsRunning ? Duration.ZERO : startups);
        }
        Duration perRepeat = INJECTOR_STARTUP.plus(warmup).plus(suite.measure()).plus(STOP);
        if (suite.sharedTargets()) {
            return perRepeat.multipliedBy(suite.repeats()).plus(targetsRunning ? Duration.ZERO : startups);
        }
        return perRepeat.plus(startups).multipliedBy(suite.repeats());
    }

    /** The expected wall time of each of {@code cells} run in this order. */
    public static List<Duration> cells(Suite suite, List<Cell> cells) {
        return cells(suite, cells, false);
    }

    /** The wall time of each of {@code cells} in this order; {@code bound}: every automatic warm-up at its limit. */
    public static List<Duration> cells(Suite suite, List<Cell> cells, boolean bound) {
        List<Duration> out = new java.util.ArrayList<>();
        String previous = null;
        for (Cell c : cells) {
            out.add(cell(suite, c, suite.sharedTargets() && c.targetsKey().equals(previous), bound));
            previous = c.targetsKey();
        }
        return out;
    }

    public static Duration total(Suite suite, List<Cell> cells) {
        return cells(suite, cells).stream().reduce(Duration.ZERO, Duration::plus);
    }

    /** The longest the cells can take: every automatic warm-up running to its bound. */
    public static Duration bound(Suite suite, List<Cell> cells) {
        return cells(suite, cells, true).stream().reduce(Duration.ZERO, Duration::plus);
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
