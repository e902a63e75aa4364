package dev.fluxlab.runner.drive;

import dev.fluxlab.model.run.StartAlignment;
import dev.fluxlab.runner.host.ClockOffset;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The measured phases' starts of a repeat's several injectors on the runner's clock: each injector's start
 * ({@code measure_start_ms}, whole milliseconds of its own machine's clock) less its machine's clock offset, how far
 * apart they are (the start spread), and how well that is known.
 *
 * <p>The bound: an injector's start is known to within its document's millisecond (it is truncated, so within
 * [0, 1) ms after the recorded one) and its machine's offset bound. Injectors on one machine share its offset, so
 * their spread carries only the millisecond; for injectors on two machines A and B the difference of two starts is
 * off by at most 1 ms plus both bounds. The spread's bound is the largest of these over the pairs of injectors, so it
 * holds whichever two turn out to be the first and the last.
 *
 * @param spreadMs the largest start less the smallest, in milliseconds of the runner's clock
 * @param errorMs  the bound of {@code spreadMs}, in milliseconds
 */
public record InjectorStarts(long spreadMs, double errorMs) {

    /** The runner's own machine in {@link StartAlignment#hostClocks()}. */
    public static final String LOCAL = dev.fluxlab.model.placement.RolePlacement.LOCAL;

    /**
     * The spread of {@code startsMs} (each injector's {@code measure_start_ms}, null when its document does not say)
     * taken on {@code hosts} (each injector's machine, null for the runner's) with {@code offsets} per machine; empty
     * when fewer than two injectors say when they started.
     */
    public static Optional<InjectorStarts> of(List<Long> startsMs, List<String> hosts,
                                              Function<String, ClockOffset> offsets) {
        List<Long> starts = new ArrayList<>();
        List<ClockOffset> clocks = new ArrayList<>();
        List<String> where = new ArrayList<>();
        for (int i = 0; i < startsMs.size(); i++) {
            if (startsMs.get(i) == null) {
                continue;
            }
            ClockOffset o = offsets.apply(hosts.get(i));
            starts.add(startsMs.get(i) * 1_000 - o.offsetMicros());
            clocks.add(o);
            where.add(hosts.get(i));
        }
        if (starts.size() < 2) {
            return Optional.empty();
        }
        long micros = starts.stream().mapToLong(Long::longValue).max().orElseThrow()
                - starts.stream().mapToLong(Long::longValue).min().orElseThrow();
        long worstPair = 0;
        for (int i = 0; i < clocks.size(); i++) {
            for (int j = i + 1; j < clocks.size(); j++) {
                if (!Objects.equals(where.get(i), where.get(j))) {
                    worstPair = Math.max(worstPair, clocks.get(i).uncertaintyMicros() + clocks.get(j).uncertaintyMicros());
                }
            }
        }
        return Optional.of(new InjectorStarts(Math.round(micros / 1e3), Math.round(1_000 + worstPair) / 1e3));
    }

    /**
     * What results.json records of it: the bound, and the offset of each machine in {@code hosts} (null: the runner's,
     * recorded as {@value #LOCAL}) as {@code offsets} gives it.
     */
    public StartAlignment alignment(List<String> hosts, Function<String, ClockOffset> offsets) {
        Map<String, StartAlignment.HostClock> clocks = new LinkedHashMap<>();
        for (String h : hosts) {
            ClockOffset o = offsets.apply(h);
            clocks.putIfAbsent(h == null ? LOCAL : h, new StartAlignment.HostClock(o.offsetMicros(),
                    o.uncertaintyMicros()));
        }
        return new StartAlignment(errorMs, clocks);
    }
}
