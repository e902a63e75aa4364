package dev.fluxlab.targets.common.fault;

/**
 * When the responses of a {@link Stall} are held. Time is cut into periods of {@code every} from an origin; the last
 * {@code pause} of each period is a stall window, and a response that is ready inside a window waits until the
 * window ends. So with {@code 200ms@1s} responses ready between 0.8 s and 1.0 s are sent at 1.0 s, then the server is
 * fast until 1.8 s, and so on.
 */
public final class StallSchedule {

    private final long originNanos;
    private final long everyNanos;
    private final long openNanos;

    /** A schedule whose first period starts at {@code originNanos} ({@link System#nanoTime()} scale). */
    public StallSchedule(Stall stall, long originNanos) {
        this.originNanos = originNanos;
        this.everyNanos = stall.every().toNanos();
        this.openNanos = everyNanos - stall.pause().toNanos();
    }

    /** How long a response ready at {@code nowNanos} must be held; 0 outside stall windows. */
    public long holdNanos(long nowNanos) {
        long phase = Math.floorMod(nowNanos - originNanos, everyNanos);
        return phase < openNanos ? 0 : everyNanos - phase;
    }
}
