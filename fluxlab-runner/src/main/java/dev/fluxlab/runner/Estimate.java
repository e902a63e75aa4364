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
    /** SIGTERM, exit, log scan. */
    public static final Duration STOP = Duration.ofMillis(700);

    private Estimate() {
    }

    public static Duration cell(Suite suite, Cell cell) {
        Duration one = TARGET_STARTUP.multipliedBy(cell.processes().size())
                .plus(INJECTOR_STARTUP)
                .plus(suite.warmup())
                .plus(suite.measure())
                .plus(STOP);
        return one.multipliedBy(suite.repeats());
    }

    public static Duration total(Suite suite, List<Cell> cells) {
        return cells.stream().map(c -> cell(suite, c)).reduce(Duration.ZERO, Duration::plus);
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
