package dev.fluxlab.model.contract;

import java.time.Duration;

/**
 * The bounds of the injector's command line ({@code fluxlab load}, see {@link LoadArgs}), written once for the two
 * places that enforce them: the injector refuses a value outside them, and the suite check refuses a suite that would
 * pass one, before a run starts any target (an injector that refuses its command line mid-run leaves started targets
 * and a failed cell behind).
 */
public final class LoadLimits {

    /** Most requests in flight per connection ({@code --in-flight}, a suite's {@code in_flight}). */
    public static final int MAX_IN_FLIGHT = 65_536;

    /** Highest open-model rate: one request per nanosecond, the resolution of the send schedule. */
    public static final double MAX_RATE = 1e9;

    /** Largest request body accepted at all (16 MiB): each event loop keeps in-flight copies of the whole request. */
    public static final int MAX_BODY = 16 << 20;

    /** Largest request body accepted over HTTP/2 (one initial stream window), so no send-side flow control is needed. */
    public static final int MAX_H2_BODY = 65_535;

    /** Smallest generated JSON body ({@code --body-size}, a scenario's {@code body_size}): {@code {}}. */
    public static final int MIN_BODY_SIZE = 2;

    /** Shortest per-request timeout ({@code --timeout}, a load profile's {@code timeout}). */
    public static final Duration MIN_TIMEOUT = Duration.ofMillis(1);

    private LoadLimits() {
    }

    /** A header name as sent: at least one visible ASCII character, none of them a colon. */
    public static boolean isHeaderName(String name) {
        return name != null && !name.isEmpty() && name.chars().allMatch(c -> c > 32 && c < 127 && c != ':');
    }

    /** A header value as sent: on one line (a CR or LF would end the header and start another). */
    public static boolean isHeaderValue(String value) {
        return value != null && value.indexOf('\r') < 0 && value.indexOf('\n') < 0;
    }
}
