package dev.fluxlab.runner.host;

import java.util.Comparator;
import java.util.List;

/**
 * A host's clock against the runner's: {@code offsetMicros} is remote minus local (positive: the host is ahead), known
 * to within {@code uncertaintyMicros} (half the round trip of the best of several probes).
 */
public record ClockOffset(long offsetMicros, long uncertaintyMicros) {

    /** This machine's own clock: no offset, known exactly. */
    public static final ClockOffset LOCAL = new ClockOffset(0, 0);

    /**
     * One probe: the runner sent it at {@code sentMicros} and had the answer at {@code receivedMicros} (its own clock),
     * and the host read {@code remoteMicros} in between. The host's reading belongs somewhere in that round trip, so
     * the offset is taken against its midpoint, within half of it (rounded up: a bound, never an understatement).
     */
    public static ClockOffset probe(long sentMicros, long remoteMicros, long receivedMicros) {
        long rtt = Math.max(0, receivedMicros - sentMicros);
        return new ClockOffset(remoteMicros - (sentMicros + rtt / 2), (rtt + 1) / 2);
    }

    /**
     * The offset of the probe with the shortest round trip among those after the last jump: two probes in a row whose
     * offsets differ by more than their uncertainties and {@link ClockWatch#STEP_MICROS} saw a clock step between them
     * (an NTP step during the probes), and the probes before it measured a clock that is no longer there.
     */
    public static ClockOffset best(List<ClockOffset> probes) {
        int from = 0;
        for (int i = 1; i < probes.size(); i++) {
            ClockOffset a = probes.get(i - 1);
            ClockOffset b = probes.get(i);
            if (Math.abs(b.offsetMicros() - a.offsetMicros())
                    > ClockWatch.STEP_MICROS + a.uncertaintyMicros() + b.uncertaintyMicros()) {
                from = i;
            }
        }
        return probes.subList(from, probes.size()).stream()
                .min(Comparator.comparingLong(ClockOffset::uncertaintyMicros)).orElseThrow();
    }

    /** The better known of this and {@code other} (the smaller uncertainty). */
    public ClockOffset better(ClockOffset other) {
        return other != null && other.uncertaintyMicros < uncertaintyMicros ? other : this;
    }
}
