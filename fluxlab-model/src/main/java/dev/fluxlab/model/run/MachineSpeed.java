package dev.fluxlab.model.run;

import java.util.List;

/**
 * The machine's own speed, from a short fixed CPU-bound reference workload run by the runner (the same work every
 * time). A shared VM changes speed between runs and even between cells; recording it lets a run say when the machine
 * moved, and lets {@code compare} warn about (or, on request, normalise by) two runs taken at different speeds.
 *
 * @param opsPerSecond   reference operations per second, single thread (the best of the samples: disturbances only
 *                       ever slow a CPU-bound loop)
 * @param relativeSpread (best - median) / best of the samples: how noisy the measurement itself was
 * @param samples        how many timed samples the best is taken from
 * @param at             ISO-8601 instant of the measurement; null for a run's typical speed, a median over its
 *                       repeats ({@link #typical})
 */
public record MachineSpeed(double opsPerSecond, double relativeSpread, int samples, String at) {

    /** Fewest per-repeat speeds for their median to stand for a run's machine speed. */
    public static final int MIN_TYPICAL = 3;

    /**
     * The machine's typical speed during a run: the median of the speeds measured before its repeats (spread: their
     * median spread; {@code samples}: how many repeats), with at least {@link #MIN_TYPICAL} of them; else
     * {@code fallback} (the speed measured when the run started). The speed before the run alone can miss the run: a
     * shared VM that changes speed a minute later gave two back-to-back quick runs the same speed before them
     * (262 M ops/s) and medians of 265 M and 315 M during them.
     */
    public static MachineSpeed typical(List<CellResult> cells, MachineSpeed fallback) {
        List<MachineSpeed> speeds = cells == null ? List.of() : cells.stream().filter(c -> c.repeats() != null)
                .flatMap(c -> c.repeats().stream()).map(RepeatResult::speed)
                .filter(s -> s != null && s.opsPerSecond() > 0).toList();
        if (speeds.size() < MIN_TYPICAL) {
            return fallback;
        }
        double ops = Stat.of(speeds.stream().map(MachineSpeed::opsPerSecond).toList()).median();
        double spread = Stat.of(speeds.stream().map(MachineSpeed::relativeSpread).toList()).median();
        return new MachineSpeed(ops, spread, speeds.size(), null);
    }
}
