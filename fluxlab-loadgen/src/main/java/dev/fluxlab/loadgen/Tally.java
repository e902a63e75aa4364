package dev.fluxlab.loadgen;

import org.HdrHistogram.Histogram;

/**
 * What one event loop counted and recorded in one window: the measured phase, or everything outside it (warm-up,
 * the drain after the end). Both windows are written by the same code, so the loop's compiled hot path is the same
 * before and after the measured phase opens ({@link LoopStats} says why that matters). Histograms hold microseconds,
 * up to one hour, 3 significant digits. Written only by its loop's thread; read by copying on that thread.
 */
final class Tally {

    static final long MAX_US = 3_600_000_000L;

    final Histogram corrected = new Histogram(MAX_US, 3);
    final Histogram uncorrected = new Histogram(MAX_US, 3);
    long ok;
    /** Bytes its connections' sockets read in this window, by read time (see {@link BytesIn}). */
    long bytesIn;
    /** Response-body bytes of the verified responses counted in {@link #ok}. */
    long bodyBytes;
    final long[] errors = new long[ErrorClass.values().length];
    /** The first cause given for an error of each class in this window (what the server said, or the I/O error). */
    final String[] details = new String[ErrorClass.values().length];
    /** {@link ErrorClass#STATUS} errors by status code; index 0 holds responses without a valid 3-digit status. */
    final long[] statuses = new long[1000];
    /** Open model: requests written more than 1 ms after their intended time. */
    long late;
    /** Of {@link #late}, those that waited for a connection with a free slot (the others waited for the loop). */
    long lateWaitingForConnection;
    /** Without keep-alive: the connect time of each recorded request (microseconds), and the sums behind the share. */
    final Histogram connect = new Histogram(MAX_US, 3);
    long connectSumNanos;
    long latencySumNanos;
    /**
     * Verified responses and errors by the whole second of the measured phase they completed in, counted by each
     * completion's own time: index {@code s} holds [{@code start + s}, {@code start + s + 1}) seconds. The last index
     * also takes everything later (a window longer than the array, or the drain after the end for the outside tally,
     * which has that one index only), so it is exact only for a window it ends.
     */
    final long[] okBySecond;
    final long[] errBySecond;

    /** A tally with {@code seconds} per-second buckets (at least one). */
    Tally(int seconds) {
        okBySecond = new long[Math.max(1, seconds)];
        errBySecond = new long[okBySecond.length];
    }

    /**
     * The bucket of a completion at {@code now} in a phase that opened at {@code start}: min/max, not a branch, so the
     * outside tally (one bucket, {@code now} before the start or long after it) runs the same instructions.
     */
    int second(long now, long start) {
        long s = (now - start) / 1_000_000_000L;
        return (int) Math.min(Math.max(s, 0L), okBySecond.length - 1);
    }

    /** Adds {@code other} into this tally (histograms added, never percentiles combined). */
    void add(Tally other) {
        corrected.add(other.corrected);
        uncorrected.add(other.uncorrected);
        connect.add(other.connect);
        ok += other.ok;
        bytesIn += other.bytesIn;
        bodyBytes += other.bodyBytes;
        late += other.late;
        lateWaitingForConnection += other.lateWaitingForConnection;
        connectSumNanos += other.connectSumNanos;
        latencySumNanos += other.latencySumNanos;
        for (int i = 0; i < errors.length; i++) {
            errors[i] += other.errors[i];
            if (details[i] == null) {
                details[i] = other.details[i];
            }
        }
        for (int i = 0; i < statuses.length; i++) {
            statuses[i] += other.statuses[i];
        }
        for (int i = 0; i < Math.min(okBySecond.length, other.okBySecond.length); i++) {
            okBySecond[i] += other.okBySecond[i];
            errBySecond[i] += other.errBySecond[i];
        }
    }

    /** Empties the histograms (the counters are not read for the outside tally, which alone is reset). */
    void resetHistograms() {
        corrected.reset();
        uncorrected.reset();
        connect.reset();
    }

    /** A copy of this tally, taken on the loop's thread. */
    Tally copy() {
        Tally t = new Tally(okBySecond.length);
        t.add(this);
        return t;
    }

    static long us(long nanos) {
        long v = nanos / 1000;
        return v < 0 ? 0 : Math.min(v, MAX_US);
    }
}
