package dev.fluxlab.runner.target;

import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.runner.process.Supervisor;

import java.time.Duration;
import java.util.Optional;

/**
 * With {@code fork: shared}: the target JVMs kept alive after a repeat for the next cell whose target processes
 * are identical ({@link Cell#targetsKey()}: same targets, knobs and JVM options), so their start-up and JIT warm-up
 * are paid once per group. At most one set is kept; anything else releases (stops) it.
 */
public final class SharedTargets {

    private final Supervisor supervisor;
    private final Duration grace;
    private String key;
    private TargetSet kept;

    public SharedTargets(Supervisor supervisor, Duration grace) {
        this.supervisor = supervisor;
        this.grace = grace;
    }

    /**
     * The kept set when {@code cell} can run on it (same targets, all alive); otherwise the kept set, if any, is
     * stopped and the cell starts its own.
     */
    public Optional<TargetSet> reuse(Cell cell) {
        if (kept != null && key.equals(cell.targetsKey()) && kept.alive()) {
            return Optional.of(kept);
        }
        release();
        return Optional.empty();
    }

    /** Keeps {@code targets} (started for {@code cell}) for the next cell; a set already kept stays as it is. */
    public void keep(Cell cell, TargetSet targets) {
        if (kept != targets) {
            release();
            key = cell.targetsKey();
            kept = targets;
        }
    }

    /** Whether {@code targets} is the kept set. */
    public boolean isKept(TargetSet targets) {
        return kept != null && kept == targets;
    }

    /** Forgets the kept set without stopping it (the caller stops it). */
    public void forget() {
        kept = null;
        key = null;
    }

    /** Stops the kept set, if any. */
    public void release() {
        if (kept != null) {
            supervisor.stop(kept.processes(), grace);
            forget();
        }
    }
}
