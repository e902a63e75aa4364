package dev.fluxlab.model.decide;

import java.util.Optional;

/**
 * The figures a {@link Window} carries that a claim can be decided on, named by the keys the suites use for the same
 * figures of a whole cell ({@code throughput_rps}, {@code latency_p99_ms} ...), so a claim's figure maps to its
 * per-window reading without a second vocabulary.
 */
public enum WindowFigure {
    /** Responses per second. */
    THROUGHPUT("throughput_rps"),
    /** Median latency, milliseconds. */
    P50("latency_p50_ms"),
    /** 90th percentile latency, milliseconds. */
    P90("latency_p90_ms"),
    /** 99th percentile latency, milliseconds. */
    P99("latency_p99_ms");

    private final String key;

    WindowFigure(String key) {
        this.key = key;
    }

    /** The figure's key in a suite, e.g. {@code throughput_rps}. */
    public String key() {
        return key;
    }

    /** This figure of {@code w}; null when the window did not measure it. */
    public Double of(Window w) {
        return switch (this) {
            case THROUGHPUT -> w.rps();
            case P50 -> w.p50Ms();
            case P90 -> w.p90Ms();
            case P99 -> w.p99Ms();
        };
    }

    /** The figure of a suite key; empty for a key no window carries (a cell-level figure such as the RSS). */
    public static Optional<WindowFigure> byKey(String key) {
        for (WindowFigure f : values()) {
            if (f.key.equals(key)) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }

    /**
     * True for throughput, false for the latencies: which direction of a ratio is the better cell. The same as the
     * figure's in {@code run.FigureKind} (a test holds them together; this package stays below {@code run}).
     */
    public boolean higherIsBetter() {
        return this == THROUGHPUT;
    }
}
