package dev.fluxlab.model.run;

import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.load.WatchedJvm;
import dev.fluxlab.model.warmup.WarmupPolicy;

import java.util.ArrayList;
import java.util.List;

/**
 * A target process's time to steady state in one repeat, read from what results.json recorded (never measured
 * again): the seconds from the start of the load to the end of the warm-up ({@code LoadResult.warmupS}), whether the
 * warm-up settled before its bound ({@code warmupStable}), whether the process's JIT was still compiling when it ended
 * (its {@link WatchedJvm}'s compile rate at the warm-up's end against its floor), and whether the JVM started from a
 * trained AOT cache ({@link ProcessStats#aotCache()}) or cold. Only repeats whose targets were started for them count:
 * a repeat on JVMs kept warm from another cell ({@code fork: shared}) says nothing of how long a fresh JVM takes.
 *
 * @param cellId    the cell's id
 * @param repeat    the repeat
 * @param process   the target process's name
 * @param aotCache  the AOT cache it started from; null: cold
 * @param seconds   seconds from the start of the load to the end of the warm-up
 * @param settled   whether the warm-up settled before its bound (null: a fixed warm-up, which waits for nothing)
 * @param compiling whether this JVM was still compiling above its floor when the warm-up ended (null: its counters
 *                  were not read)
 */
public record SteadyState(String cellId, int repeat, String process, String aotCache, double seconds, Boolean settled,
                          Boolean compiling) {

    /** Whether the process started from a trained AOT cache. */
    public boolean trained() {
        return aotCache != null;
    }

    /** {@code trained} or {@code cold}, as reports print it. */
    public String start() {
        return trained() ? "trained" : "cold";
    }

    /** The rows of every repeat of {@code cell} whose target JVMs were started for it, in repeat and process order. */
    public static List<SteadyState> of(CellResult cell) {
        List<SteadyState> out = new ArrayList<>();
        for (RepeatResult r : cell.repeats() == null ? List.<RepeatResult>of() : cell.repeats()) {
            LoadResult load = r == null ? null : r.load();
            if (load == null || r.targetsFrom() != null || r.processes() == null) {
                continue;
            }
            for (ProcessStats p : r.processes()) {
                if (p != null && ProcessStats.TARGET.equals(p.role())) {
                    out.add(new SteadyState(cell.id(), r.repeat(), p.name(), p.aotCache(), load.warmupS(),
                            load.warmupStable(), compiling(load, p.pid())));
                }
            }
        }
        return out;
    }

    /** Whether the JVM {@code pid} compiled above a target's floor at the warm-up's end; null when not watched. */
    private static Boolean compiling(LoadResult load, long pid) {
        if (load.watchedJvms() == null) {
            return null;
        }
        return load.watchedJvms().stream().filter(w -> w != null && w.pid() == pid && w.warmupEndCompileMsPerS() != null)
                .findFirst().map(w -> w.warmupEndCompileMsPerS() >= WarmupPolicy.compileFloor(WatchedJvm.TARGET))
                .orElse(null);
    }
}
