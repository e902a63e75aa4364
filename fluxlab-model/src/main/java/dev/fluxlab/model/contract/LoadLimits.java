package dev.fluxlab.model.contract;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collection;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

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

    /**
     * Tightest precision of an automatic measured phase ({@code --precision}, a suite's {@code precision}): 0.1 %.
     * Below it the machine's own drift dominates.
     */
    public static final double MIN_PRECISION = 0.001;

    /** Loosest precision of an automatic measured phase: 50 %. */
    public static final double MAX_PRECISION = 0.5;

    /** Shortest per-request timeout ({@code --timeout}, a load profile's {@code timeout}). */
    public static final Duration MIN_TIMEOUT = Duration.ofMillis(1);

    /**
     * Largest HTTP/1.1 request line plus headers the injector sends (the protocol sets none; servers commonly take
     * 8 KiB): the injector refuses a longer head once it has encoded it, and the suite check a scenario whose request
     * target and headers alone are longer ({@link #requestHeadProblem}).
     */
    public static final int MAX_HTTP1_HEAD = 65_536;

    /**
     * Largest HTTP/2 frame payload every peer accepts (the initial SETTINGS_MAX_FRAME_SIZE, RFC 9113 section 4.2): the
     * injector splits request headers and bodies into frames of at most this many bytes (headers into a HEADERS frame
     * and CONTINUATION frames).
     */
    public static final int MAX_H2_FRAME = 16_384;

    /**
     * Largest HPACK-encoded HTTP/2 request header block the injector sends. HPACK spends at most 9 bytes a header
     * besides its name and value (a type byte and two length prefixes of up to 4 bytes) where an HTTP/1.1 line spends 4
     * ({@code ": "} and CRLF), so a request within {@link #MAX_HTTP1_HEAD} bytes of target and headers (the suite
     * check's bound) encodes within twice that, plus the pseudo-headers fluxlab adds; 1 KiB is kept for those.
     */
    public static final int MAX_H2_HEADER_BLOCK = 2 * MAX_HTTP1_HEAD + 1024;

    private LoadLimits() {
    }

    /**
     * The bytes of a request's target ({@code /path?query}, one byte a character, as sent) and of its headers, each as
     * its HTTP/1.1 line {@code Name: value} and CRLF: what the injector sends of them over HTTP/1.1, without the
     * request line's method and version and the headers it adds ({@code Host}, {@code Content-Length}...).
     */
    public static long requestHeadBytes(String pathAndQuery, Collection<? extends Map.Entry<String, String>> headers) {
        long n = pathAndQuery.length();
        for (Map.Entry<String, String> h : headers) {
            n += h.getKey().length() + 2L + h.getValue().length() + 2L;
        }
        return n;
    }

    /**
     * Why the injector cannot send a request with this target and these headers over any protocol, without the fix
     * (each caller names its own); empty when they fit: above {@link #MAX_HTTP1_HEAD} bytes of them (see
     * {@link #MAX_H2_HEADER_BLOCK} for HTTP/2).
     */
    public static Optional<String> requestHeadProblem(String pathAndQuery,
                                                      Collection<? extends Map.Entry<String, String>> headers) {
        long n = requestHeadBytes(pathAndQuery, headers);
        return n <= MAX_HTTP1_HEAD ? Optional.empty() : Optional.of("the request target and headers have " + n
                + " bytes, more than the " + MAX_HTTP1_HEAD + " fluxlab's injector sends in a request head");
    }

    /**
     * Why a request target (path and query) cannot go on the wire as written, with the fix; empty when it can. A
     * request line is ASCII: a character beyond it would leave as one ISO-8859-1 byte the server reads as something
     * else, or as '?' above U+00FF, so the server would be asked for another resource than the one written. The fix is
     * the character's UTF-8 bytes percent-encoded, as a browser sends it.
     */
    public static Optional<String> requestTargetProblem(String pathAndQuery) {
        if (pathAndQuery == null) {
            return Optional.empty();
        }
        for (int i = 0; i < pathAndQuery.length(); ) {
            int cp = pathAndQuery.codePointAt(i);
            if (cp > 126) {
                return Optional.of("has the non-ASCII character '" + new String(Character.toChars(cp)) + "' ("
                        + String.format(Locale.ROOT, "U+%04X", cp) + ") at index " + i + ", which a request "
                        + "line cannot carry; write it percent-encoded as UTF-8: " + percentEncoded(cp));
            }
            i += Character.charCount(cp);
        }
        return Optional.empty();
    }

    /** {@code cp}'s UTF-8 bytes as {@code %XX} escapes. */
    static String percentEncoded(int cp) {
        StringBuilder sb = new StringBuilder();
        for (byte b : new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8)) {
            sb.append('%').append(String.format(Locale.ROOT, "%02X", b & 0xFF));
        }
        return sb.toString();
    }

    /**
     * Why a header of this name cannot be given, or null when it can: the injector manages its connections and
     * frames the request body itself
     * ({@code Content-Length} from the body, none without one), so a second length or a chunked encoding would
     * describe a body that is not sent (a GET with {@code Content-Length: 5} had the server wait for 5 bytes, and
     * every request timed out as if the server had stalled).
     */
    public static String reservedHeader(String name) {
        if ("content-length".equalsIgnoreCase(name)) {
            return "header '" + name + "' is set by fluxlab from the request body (a scenario's body or body_size, "
                    + "load's --body-file or --body-size); remove it";
        }
        if ("connection".equalsIgnoreCase(name)) {
            // 'Connection: close' made every request a new connection with no connect time measured or reported
            return "header '" + name + "' cannot be given: fluxlab manages its connections; for a connection per "
                    + "request use --keep-alive false (a load profile's keep_alive: false), which also measures the "
                    + "connects";
        }
        if ("transfer-encoding".equalsIgnoreCase(name)) {
            return "header '" + name + "' cannot be sent: fluxlab sends a body whole, with its Content-Length; "
                    + "remove it";
        }
        return null;
    }

    /** A header name as sent: at least one visible ASCII character, none of them a colon. */
    public static boolean isHeaderName(String name) {
        return name != null && !name.isEmpty() && name.chars().allMatch(c -> c > 32 && c < 127 && c != ':');
    }

    /**
     * A header value as sent: on one line (a CR or LF would end the header and start another) and in ISO-8859-1, the
     * bytes HTTP sends a value as (a character above U+00FF would leave as '?').
     */
    public static boolean isHeaderValue(String value) {
        return value != null && value.indexOf('\r') < 0 && value.indexOf('\n') < 0
                && value.chars().allMatch(c -> c <= 0xFF);
    }
}
