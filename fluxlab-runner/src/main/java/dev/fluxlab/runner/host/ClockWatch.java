package dev.fluxlab.runner.host;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A host's clock followed through the run: the offset measured before the first cell ({@link ClockOffset}), then the
 * offset each of its agent's rounds shows (the host's wall clock in the round against the runner's when the round
 * arrived). A step larger than {@value #STEP_MICROS} microseconds between two rounds is a jump of either clock (an
 * NTP step, a hand-set date), recorded with the runner's {@link System#nanoTime()} so a cell measured across it can
 * say so; the offset from then on is the new one, so times read from that host's clock (an injector's measured-phase
 * start) are put on the runner's clock with the offset of the moment, not with the one measured before the jump.
 *
 * <p>A round's delivery delay (ssh, a busy machine) reads as a smaller offset, by up to a few hundred milliseconds on a
 * loaded 2-core machine; hence the threshold: a smaller jump is not told from that delay.
 */
public final class ClockWatch {

    /** The smallest step taken for a jump: half a second. */
    static final long STEP_MICROS = 500_000;

    private final String host;
    private long offsetMicros;
    private final List<Jump> jumps = new ArrayList<>();

    /** One jump: when the runner saw it ({@link System#nanoTime()}) and by how much the host's clock moved. */
    public record Jump(long nanos, long stepMicros) {
    }

    /** A watch of {@code host}'s clock starting from the offset measured before the first cell. */
    public ClockWatch(String host, ClockOffset measured) {
        this.host = host;
        this.offsetMicros = measured.offsetMicros();
    }

    /**
     * One reading: at the runner's {@code nanos}, the host's clock minus the runner's was {@code offsetMicros}. A step
     * beyond {@value #STEP_MICROS} us from the offset held is a jump.
     */
    public synchronized void observe(long nanos, long offsetMicros) {
        long step = offsetMicros - this.offsetMicros;
        if (Math.abs(step) > STEP_MICROS) {
            jumps.add(new Jump(nanos, step));
            this.offsetMicros = offsetMicros;
        }
    }

    /** The host's clock minus the runner's now, as last established (the measured one until a jump). */
    public synchronized long offsetMicros() {
        return offsetMicros;
    }

    /** The jumps seen between {@code fromNanos} and {@code toNanos} (the runner's {@link System#nanoTime()}). */
    public synchronized List<Jump> between(long fromNanos, long toNanos) {
        return jumps.stream().filter(j -> j.nanos() - fromNanos >= 0 && toNanos - j.nanos() >= 0).toList();
    }

    /**
     * A warning for a cell measured from {@code fromNanos} to {@code toNanos}, or null when the host's clock held:
     * {@code host 'h3': its clock jumped by +3,000 ms during the cell; ...}.
     */
    public String warning(long fromNanos, long toNanos) {
        List<Jump> in = between(fromNanos, toNanos);
        if (in.isEmpty()) {
            return null;
        }
        List<String> steps = in.stream().map(j -> String.format(Locale.ROOT, "%+,d ms", j.stepMicros() / 1_000)).toList();
        return "host '" + host + "': its clock jumped by " + String.join(", then ", steps) + " against the runner's "
                + "during the cell; times read from its clock are put on the runner's with the offset after the jump, "
                + "and a phase that spans the jump is not aligned across hosts";
    }
}
