package dev.fluxlab.loadgen;

import org.HdrHistogram.Histogram;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * What one event loop recorded. Written only by its own loop thread (no locks, no contention); the running
 * totals used for progress are published with release stores and read with acquire loads from the
 * coordinating thread. Histograms hold microseconds, up to one hour, 3 significant digits.
 */
final class LoopStats {

    static final long MAX_US = 3_600_000_000L;
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
    final Histogram corrected = new Histogram(MAX_US, 3);
    final Histogram uncorrected = new Histogram(MAX_US, 3);
    long ok;
    final long[] errors = new long[ErrorClass.values().length];
    /** {@link ErrorClass#STATUS} errors by status code; index 0 holds responses without a valid 3-digit status. */
    final long[] statuses = new long[1000];
    long late;
    long missed;
    /** Without keep-alive: the connect time of each recorded request (microseconds), and the sums behind the share. */
    final Histogram connect = new Histogram(MAX_US, 3);
    long connectSumNanos;
    long latencySumNanos;
    @SuppressWarnings("unused") private long okAll;
    @SuppressWarnings("unused") private long errAll;

    LoopStats(RunControl ctl) {
        this.ctl = ctl;
    }

    /** A verified response completed at {@code now}, intended at {@code intended}, written at {@code sent}. */
    void ok(long now, long intended, long sent) {
        record(now, intended, sent);
    }

    /** Counts a verified response; records its latencies when it falls into the measured phase (and says so). */
    private boolean record(long now, long intended, long sent) {
        OK_ALL.setRelease(this, (long) OK_ALL.get(this) + 1);
        if (!ctl.claim(now)) {
            return false;
        }
        ok++;
        corrected.recordValue(us(now - intended));
        uncorrected.recordValue(us(now - sent));
        return true;
    }

    /**
     * As {@link #ok}, for a request that had a connection of its own: its latency (from {@code intended}, the connect
     * call) includes {@code connectNanos} of connection set-up, recorded beside it.
     */
    void okOwnConnection(long now, long intended, long sent, long connectNanos) {
        if (record(now, intended, sent)) {
            connect.recordValue(us(connectNanos));
            connectSumNanos += connectNanos;
            latencySumNanos += now - intended;
        }
    }

    /** A failed request at {@code now}; returns whether it fell into the measured phase (and was counted). */
    boolean error(ErrorClass c, long now) {
        ERR_ALL.setRelease(this, (long) ERR_ALL.get(this) + 1);
        if (ctl.claim(now)) {
            errors[c.ordinal()]++;
            return true;
        }
        return false;
    }

    /** A response with status {@code code}, not the expected one: a {@link ErrorClass#STATUS} error, kept by code. */
    void unexpectedStatus(int code, long now) {
        if (error(ErrorClass.STATUS, now)) {
            statuses[code > 0 && code < statuses.length ? code : 0]++;
        }
    }

    /** An open-model send at {@code now} for a request intended at {@code intended}. */
    void sent(long now, long intended) {
        if (now - intended > 1_000_000L && ctl.inMeasure(now)) {
            late++;
        }
    }

    long okAll() {
        return (long) OK_ALL.getAcquire(this);
    }

    long errAll() {
        return (long) ERR_ALL.getAcquire(this);
    }

    private static long us(long nanos) {
        long v = nanos / 1000;
        return v < 0 ? 0 : Math.min(v, MAX_US);
    }
}
