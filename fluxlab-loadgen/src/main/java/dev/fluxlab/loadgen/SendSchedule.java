package dev.fluxlab.loadgen;

/**
 * The open model's schedule of one event loop (wrk2 arithmetic): request {@code i} is intended at
 * {@code start + i * interval}, whatever the server does; the schedule never slows down. Pure arithmetic, used on the
 * loop's thread only.
 *
 * <p>Wake-ups are coalesced: the loop's timer fires at most once per {@link #COALESCE_NANOS} and then sends every
 * request that has become due, instead of one timer (one wake-up of the loop thread, one {@code epoll_wait} return) per
 * request. Each request still carries its own intended time, and its corrected latency is measured from it, so
 * coordinated omission stays corrected and the rate stays exact; what the coalescing adds is at most
 * {@link #COALESCE_NANOS} between a request's intended time and its write when the loop has nothing else to do (the
 * same order as wrk2's millisecond timer). Requests that a completion finds due go out at once, on that wake-up. When
 * the interval between requests is longer than the coalescing period (below {@code 1e9 / COALESCE_NANOS} requests per
 * second per loop), every wake-up is at the intended time itself, as with one timer per request.
 */
final class SendSchedule {

    /**
     * Longest a due request waits for the loop's next timer wake-up: 200 µs, a fifth of the 1 ms after which a send
     * counts late, so the coalescing alone never makes a send late. At 20k req/s over 2 loops that is about 2 requests
     * per wake-up. Measured at 6k req/s on one loop (raw-Netty test server, machine load ~9): 1.15 context switches and
     * 0.83 {@code epoll_pwait2} per request, corrected p50 0.25 ms vs uncorrected 0.10 ms; with 1 ms it was 0.52 and
     * 0.49 per request, corrected p50 0.60 ms vs 0.22 ms: half the wake-ups for up to 1 ms more corrected latency.
     */
    static final long COALESCE_NANOS = 200_000;

    /** A send this much after its intended time counts late: {@link LoopStats#sent}, the document's late_requests. */
    static final long LATE_NANOS = 1_000_000;

    private final double intervalNanos;
    private long start;
    private long next;
    /** Whether a dispatch found a request due and no connection with a free slot, and no dispatch has caught up since. */
    private boolean blocked;

    /** A schedule of {@code rate} requests per second; 0 means no schedule (closed model). */
    SendSchedule(double rate) {
        this.intervalNanos = rate > 0 ? 1e9 / rate : 0;
    }

    /** Whether this is an open-model schedule at all. */
    boolean active() {
        return intervalNanos > 0;
    }

    /** Starts the schedule: request 0 is intended at {@code startNanos}. */
    void start(long startNanos) {
        start = startNanos;
        next = 0;
    }

    /** Intended time of request {@code i}. */
    long intended(long i) {
        return start + (long) (i * intervalNanos);
    }

    /** Intended time of the next request not yet sent. */
    long nextIntended() {
        return intended(next);
    }

    /** Whether the next request is due at {@code now}. */
    boolean due(long now) {
        return intended(next) <= now;
    }

    /** The next request was sent. */
    void sent() {
        next++;
    }

    /**
     * A dispatch found the next request due and no connection with a free slot: it waits for a completion, and so does
     * every request that becomes due behind it (sends go out in intended order), until a dispatch {@link #caughtUp}.
     */
    void blocked() {
        blocked = true;
    }

    /** A dispatch sent every request due: none waits for a connection any more. */
    void caughtUp() {
        blocked = false;
    }

    /**
     * Why the request about to be sent waited, if it is late: for a connection with a free slot (it was due while the
     * queue stood blocked: the server's pace held it), or, when not, for the loop itself: no dispatch ran between its
     * intended time and now (its thread ran late: the OS's scheduler, a GC pause, a long read burst).
     */
    boolean waitedForConnection() {
        return blocked;
    }

    /** Requests sent so far. */
    long sentCount() {
        return next;
    }

    /**
     * When the loop's timer should fire after a dispatch at {@code now}: the next request's intended time, but no
     * earlier than {@link #COALESCE_NANOS} after {@code now}, so one wake-up sends every request due by then.
     */
    long wakeAt(long now) {
        return Math.max(intended(next), now + COALESCE_NANOS);
    }

    /** How many requests were intended strictly before {@code end}. */
    long intendedBefore(long end) {
        long due = (long) Math.ceil((end - start) / intervalNanos);
        while (due > 0 && intended(due - 1) >= end) {
            due--;
        }
        while (intended(due) < end) {
            due++;
        }
        return Math.max(0, due);
    }

    /**
     * Whether a request intended at {@code intended} and sent at {@code now} counts as missed for a phase
     * [{@code start}, {@code end}): it was intended inside the phase but left after it, later than the coalescing alone would hold
     * it. One held by the coalescing across the end is like one sent just before the end: its response falls outside
     * the phase, and it was on schedule.
     */
    static boolean missedAtEnd(long intended, long now, long start, long end) {
        return intended >= start && intended < end && now >= end && now - intended > COALESCE_NANOS;
    }

    /**
     * Drops every request intended before {@code t} and not sent yet, so the next one sent is the first intended at or
     * after {@code t}; returns how many were dropped.
     */
    long skipBefore(long t) {
        long due = intendedBefore(t);
        long dropped = Math.max(0, due - next);
        next = Math.max(next, due);
        return dropped;
    }

    /** Requests intended before {@code end} that were never sent. */
    long unsentBefore(long end) {
        return Math.max(0, intendedBefore(end) - next);
    }

    /** Requests intended in [{@code start}, {@code end}) that were never sent (sends go out in intended order). */
    long unsentBetween(long start, long end) {
        return Math.max(0, intendedBefore(end) - Math.max(next, intendedBefore(start)));
    }
}
