package dev.fluxlab.targets.common.http;

import io.netty.handler.codec.DateFormatter;
import io.netty.util.AsciiString;
import java.util.Date;
import java.util.function.LongSupplier;

/**
 * The {@code Date} response header value (IMF-fixdate, RFC 9110), formatted at most once per second and shared by
 * every response in that second, so the hot path reads one volatile field instead of formatting a date. It is
 * refreshed lazily by the first response of a new second: never stale, and no timer thread.
 */
public final class DateHeader {

    private final LongSupplier clockMillis;
    private volatile Cached cached = new Cached(Long.MIN_VALUE, AsciiString.EMPTY_STRING);
    private volatile long formats;

    private record Cached(long epochSecond, AsciiString value) {
    }

    /** A header on the wall clock. */
    public DateHeader() {
        this(System::currentTimeMillis);
    }

    /** A header on {@code clockMillis} (epoch milliseconds); tests pass a fake clock. */
    public DateHeader(LongSupplier clockMillis) {
        this.clockMillis = clockMillis;
    }

    /** The value for a response sent now. */
    public AsciiString value() {
        long second = Math.floorDiv(clockMillis.getAsLong(), 1000L);
        Cached c = cached;
        if (c.epochSecond != second) {
            c = new Cached(second, new AsciiString(DateFormatter.format(new Date(second * 1000L))));
            cached = c;
            formats++;
        }
        return c.value;
    }

    /** How many times the value was formatted (about once per second of traffic); for tests. */
    public long formats() {
        return formats;
    }
}
