package dev.fluxlab.runner.target;

import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.runner.process.Supervisor;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * With {@code fork: shared}: the target JVMs kept alive after a repeat for the next cell whose target processes
 * are identical ({@link Cell#targetsKey()}: same targets, knobs and JVM options), so their start-up and JIT warm-up
 * are paid once per group. At most one set is kept for the cells; anything else releases it.
 *
 * <p>A released set whose targets a claim's interleaved trial will need after the cells ({@link #wantLater}) is parked
 * instead of stopped, warm, and handed to the trials when the cells are done ({@link #handOver}): a Spring target
 * needs half a minute of load to warm, which a trial would otherwise pay again for every set it brings up. At most
 * {@link #MAX_PARKED} sets are parked (the oldest is stopped beyond that), one per targets key (a newer set of the
 * same key replaces the older), so the memory held is bounded by the suite's distinct claimed targets; parked JVMs
 * sit idle while later cells are measured.
 */
public final class SharedTargets {

    /** The most target sets parked for the trials at once. */
    public static final int MAX_PARKED = 8;

    private final Supervisor supervisor;
    private final Duration grace;
    private String key;
    private TargetSet kept;
    private Set<String> wanted = Set.of();
    private final Map<String, TargetSet> parked = new LinkedHashMap<>();

    public SharedTargets(Supervisor supervisor, Duration grace) {
        this.supervisor = supervisor;
        this.grace = grace;
    }

    /** The targets keys whose sets are parked when released, for the trials after the cells. */
    public void wantLater(Set<String> keys) {
        wanted = Set.copyOf(keys);
    }

    /**
     * The kept set when {@code cell} can run on it (same targets, all alive); otherwise the kept set, if any, is
     * released and the cell starts its own.
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

    /** Releases the kept set, if any: parked when a trial wants its targets and it is alive, else stopped. */
    public void release() {
        if (kept != null) {
            if (wanted.contains(key) && kept.alive()) {
                park(key, kept);
            } else {
                supervisor.stop(kept.processes(), grace);
            }
            forget();
        }
    }

    private void park(String k, TargetSet set) {
        TargetSet older = parked.remove(k);
        if (older != null && older != set) {
            supervisor.stop(older.processes(), grace);
        }
        parked.put(k, set);
        while (parked.size() > MAX_PARKED) {
            String eldest = parked.keySet().iterator().next();
            supervisor.stop(parked.remove(eldest).processes(), grace);
        }
    }

    /**
     * After the cells: releases the kept set and hands every parked set that is still alive to the caller (by
     * targets key), who stops them; the rest are stopped. Nothing stays parked.
     */
    public Map<String, TargetSet> handOver() {
        release();
        Map<String, TargetSet> out = new LinkedHashMap<>();
        parked.forEach((k, set) -> {
            if (set.alive()) {
                out.put(k, set);
            } else {
                supervisor.stop(set.processes(), grace);
            }
        });
        parked.clear();
        return out;
    }

    /** Stops the parked sets (a run that ends before its trials). */
    public void stopParked() {
        parked.values().forEach(set -> supervisor.stop(set.processes(), grace));
        parked.clear();
    }
}
