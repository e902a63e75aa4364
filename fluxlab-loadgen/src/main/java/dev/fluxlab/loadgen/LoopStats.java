package dev.fluxlab.loadgen;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.charset.StandardCharsets;

/**
 * What one event loop recorded. Written only by its own loop thread (no locks, no contention); the running
 * totals used for progress are published with release stores and read with acquire loads from the
 * coordinating thread.
 *
 * <p>Every completion is recorded, inside the measured phase or not: {@link RunControl#window(long)} picks the
 * {@link Tally} by index, with no branch on the phase, and {@link #restartOutside()} empties the outside tally's
 * histograms once a second of warm-up, so that recording into an empty histogram (a new maximum, a new minimum) is
 * something the warm-up does too. A branch that the warm-up never takes is one the JIT compiles as an uncommon trap,
 * and the first measured completion then deoptimises the loop's hot code (-XX:+PrintCompilation showed
 * {@code Http1Conn::parse}, {@code LoopStats::ok} and HdrHistogram's {@code recordSingleValue} "made not entrant:
 * uncommon trap" right at the start of the measured phase) and sends it back to the interpreter until it is compiled
 * again: measured on the quick suite, the injector compiled 150-400 ms in the first measured second of every cell
 * (next to nothing in the warm-up seconds before it), and that second's throughput was 8 % below the following ones
 * (median over 286 repeats).
 */
final class LoopStats {

    private static final VarHandle OK_ALL;
    private static final VarHandle ERR_ALL;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            OK_ALL = l.findVarHandle(LoopStats.class, "okAll", long.class);
            ERR_ALL = l.findVarHandle(LoopStats.class, "errAll", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final RunControl ctl;
    /** Index {@link RunControl#MEASURED}: the measured phase; {@link RunControl#OUTSIDE}: everything else. */
    private final Tally[] tallies;
    @SuppressWarnings("unused") private long okAll;
    @SuppressWarnings("unused") private long errAll;

    /** Stats for a run whose measured phase has at most {@code measuredSeconds} whole seconds (see {@link Tally}). */
    LoopStats(RunControl ctl, int measuredSeconds) {
        this.ctl = ctl;
        this.tallies = new Tally[]{new Tally(measuredSeconds), new Tally(1)};
    }

    /** What the measured phase recorded (read it on the loop's thread, or copy it there). */
    Tally measured() {
        return tallies[RunControl.MEASURED];
    }

    /** Empties the outside tally's histograms; runs on the loop, once a second of warm-up. */
    void restartOutside() {
        tallies[RunControl.OUTSIDE].resetHistograms();
    }

    /**
     * A verified response completed at {@code now}, intended at {@code intended}, written at {@code sent}, with
     * {@code bodyBytes} of body.
     */
    void ok(long now, long intended, long sent, long bodyBytes) {
        record(now, intended, sent).bodyBytes += bodyBytes;
    }

    /**
     * {@code n} bytes a socket of this loop read at {@code now}, counted in the window they arrived in (once per read,
     * not per response: a long added, nothing allocated).
     */
    void received(int n, long now) {
        tallies[ctl.window(now)].bytesIn += n;
    }

    /** Counts a verified response and records its latencies in the window it completed in; returns that tally. */
    private Tally record(long now, long intended, long sent) {
        OK_ALL.setRelease(this, (long) OK_ALL.get(this) + 1);
        Tally t = tallies[ctl.claim(now)];
        t.ok++;
        t.okBySecond[t.second(now, ctl.measureStart)]++;
        t.corrected.recordValue(Tally.us(now - intended));
        t.uncorrected.recordValue(Tally.us(now - sent));
        return t;
    }

    /**
     * As {@link #ok}, for a request that had a connection of its own: its latency (from {@code intended}, the connect
     * call) includes {@code connectNanos} of connection set-up, recorded beside it.
     */
    void okOwnConnection(long now, long intended, long sent, long bodyBytes, long connectNanos) {
        Tally t = record(now, intended, sent);
        t.bodyBytes += bodyBytes;
        t.connect.recordValue(Tally.us(connectNanos));
        t.connectSumNanos += connectNanos;
        t.latencySumNanos += now - intended;
    }

    /** A failed request at {@code now}, counted in the window it happened in. */
    void error(ErrorClass c, long now) {
        errorIn(c, now);
    }

    /**
     * As {@link #error(ErrorClass, long)}, with its cause in words, kept when it is the first of its class in the
     * window (called per connection event, not per request: building {@code detail} is off the hot path).
     */
    void error(ErrorClass c, long now, String detail) {
        Tally t = errorIn(c, now);
        if (t.details[c.ordinal()] == null && detail != null) {
            t.details[c.ordinal()] = detail;
        }
    }

    private Tally errorIn(ErrorClass c, long now) {
        ERR_ALL.setRelease(this, (long) ERR_ALL.get(this) + 1);
        Tally t = tallies[ctl.claim(now)];
        t.errors[c.ordinal()]++;
        t.errBySecond[t.second(now, ctl.measureStart)]++;
        return t;
    }

    /**
     * A response with status {@code code}, not the {@code expected} one: a {@link ErrorClass#STATUS} error, kept by
     * code; the window's first is its cause in words.
     */
    void unexpectedStatus(int code, int expected, long now) {
        Tally t = errorIn(ErrorClass.STATUS, now);
        t.statuses[code > 0 && code < t.statuses.length ? code : 0]++;
        if (t.details[ErrorClass.STATUS.ordinal()] == null) {
            t.details[ErrorClass.STATUS.ordinal()] = (code > 0 ? "the server answered " + code : "a response without "
                    + "a valid status") + " where " + expected + " was expected (--expect-status)";
        }
    }

    /**
     * A response whose Content-Type ({@code contentType} false) or body was not the expected one: a
     * {@link ErrorClass#BODY} error; the window's first is its cause in words ({@code bodyBytes} read of it).
     */
    void wrongBody(long now, boolean contentType, long bodyBytes, RequestTemplate tpl) {
        Tally t = errorIn(ErrorClass.BODY, now);
        if (t.details[ErrorClass.BODY.ordinal()] == null) {
            t.details[ErrorClass.BODY.ordinal()] = !contentType
                    ? "the Content-Type was not " + new String(tpl.expectContentType, StandardCharsets.ISO_8859_1)
                    + " (--expect-content-type)"
                    : "the body was not the one expected (" + bodyBytes + " bytes read, "
                    + tpl.expectBody.readableBytes() + " expected, or other bytes; --expect-body)";
        }
    }

    /**
     * An open-model send at {@code now} for a request intended at {@code intended}; {@code waitedForConnection}: whether
     * it waited for a free connection ({@link SendSchedule#waitedForConnection}), which says why when it is late.
     */
    void sent(long now, long intended, boolean waitedForConnection) {
        if (now - intended > SendSchedule.LATE_NANOS) {
            Tally t = tallies[ctl.window(now)];
            t.late++;
            if (waitedForConnection) {
                t.lateWaitingForConnection++;
            }
        }
    }

    long okAll() {
        return (long) OK_ALL.getAcquire(this);
    }

    long errAll() {
        return (long) ERR_ALL.getAcquire(this);
    }
}
