package dev.fluxlab.model.contract;

import dev.fluxlab.model.http.WireProtocol;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * The cell as the runner hands it to fluxlab's Gatling simulation, as data: Gatling's launcher takes no arguments of
 * ours, so the runner passes the cell as system properties {@code -Dfluxlab.gatling.<name>=<value>}
 * ({@link #jvmOptions()}) and the simulation, in module fluxlab-gatling, reads them back ({@link #read(Function)}).
 * One record for both ends, so a property cannot be renamed, dropped or formatted differently on one side only
 * (docs/contracts.md). Durations travel as whole milliseconds.
 *
 * @param url          {@code url}: the full target URL ({@code https://} for h2, {@code http://} for HTTP/1.1)
 * @param protocol     {@code protocol}: {@code h2} (over TLS, ALPN) or {@code http1.1}
 * @param connections  {@code connections}: virtual users, each on a connection of its own
 * @param streams      {@code streams}: the requests of one user's batch, in flight together (1 for HTTP/1.1)
 * @param warmup       {@code warmup-ms}: the unrecorded warm-up phase; may be zero
 * @param duration     {@code duration-ms}: the measured phase's length (its bound when {@code requests} is given)
 * @param requests     {@code requests}: the measured phase is this many requests; null: by duration
 * @param method       {@code method}: {@code GET} or {@code POST}
 * @param bodyFile     {@code body-file}: the request body; null: none
 * @param headers      {@code header.<i>}, from 0, each {@code Name: value}: extra request headers, in order
 * @param expectStatus {@code expect-status}: the status every response must have
 * @param expectBody   {@code expect-body}: the exact body every response must have; null: not checked
 * @param timeout      {@code timeout-ms}: the request timeout
 */
public record GatlingArgs(
        String url,
        String protocol,
        int connections,
        int streams,
        Duration warmup,
        Duration duration,
        Long requests,
        String method,
        Path bodyFile,
        Map<String, String> headers,
        int expectStatus,
        String expectBody,
        Duration timeout) {

    /** What every property name starts with. */
    public static final String PREFIX = "fluxlab.gatling.";
    /** The method of a cell that names none. */
    public static final String DEFAULT_METHOD = "GET";
    /** The status a cell expects unless told otherwise. */
    public static final int DEFAULT_EXPECT_STATUS = 200;

    public GatlingArgs {
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(protocol, "protocol");
        Objects.requireNonNull(warmup, "warmup");
        Objects.requireNonNull(duration, "duration");
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(timeout, "timeout");
        headers = headers == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(headers));
    }

    /** Whether the simulation speaks HTTP/2 (over TLS); otherwise HTTP/1.1. */
    public boolean http2() {
        return WireProtocol.H2.label().equals(protocol);
    }

    /**
     * The system properties as {@code java} options, {@code -Dfluxlab.gatling.<name>=<value>}, in a fixed order; an
     * optional value that is null is left out (the reader's default is its meaning).
     */
    public List<String> jvmOptions() {
        List<String> o = new ArrayList<>();
        add(o, "url", url);
        add(o, "protocol", protocol);
        add(o, "connections", connections);
        add(o, "streams", streams);
        add(o, "warmup-ms", warmup.toMillis());
        add(o, "duration-ms", duration.toMillis());
        add(o, "requests", requests);
        add(o, "method", method);
        add(o, "body-file", bodyFile);
        int i = 0;
        for (Map.Entry<String, String> h : headers.entrySet()) {
            add(o, "header." + i++, h.getKey() + ": " + h.getValue());
        }
        add(o, "expect-status", expectStatus);
        add(o, "expect-body", expectBody);
        add(o, "timeout-ms", timeout.toMillis());
        return o;
    }

    private static void add(List<String> out, String name, Object value) {
        if (value != null) {
            out.add("-D" + PREFIX + name + "=" + value);
        }
    }

    /**
     * Reads the cell back through {@code property}, which maps a full property name to its value or null (in the
     * simulation, {@code System::getProperty}). {@code url} and {@code protocol} are required; every other property
     * has a default: 1 connection, 1 stream, no warm-up, a zero duration, by duration, {@value #DEFAULT_METHOD},
     * no body, no headers, status {@value #DEFAULT_EXPECT_STATUS}, no body check, {@link LoadArgs#DEFAULT_TIMEOUT}.
     *
     * @throws IllegalArgumentException naming the property, when a required one is missing or a value is malformed
     */
    public static GatlingArgs read(Function<String, String> property) {
        Reader r = new Reader(property);
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 0; r.value("header." + i) != null; i++) {
            String name = "header." + i;
            String h = r.value(name);
            int colon = h.indexOf(':');
            if (colon <= 0) {
                throw r.malformed(name, "is not 'Name: value'", h);
            }
            headers.put(h.substring(0, colon).trim(), h.substring(colon + 1).trim());
        }
        String body = r.value("body-file");
        String requests = r.value("requests");
        return new GatlingArgs(r.required("url"), r.required("protocol"), r.integer("connections", 1),
                r.integer("streams", 1), r.millis("warmup-ms", Duration.ZERO), r.millis("duration-ms", Duration.ZERO),
                requests == null ? null : r.number("requests"), r.text("method", DEFAULT_METHOD),
                body == null ? null : Path.of(body), headers, r.integer("expect-status", DEFAULT_EXPECT_STATUS),
                r.value("expect-body"), r.millis("timeout-ms", LoadArgs.DEFAULT_TIMEOUT));
    }

    /** The lookup of {@link #read}, with the errors that name the property. */
    private record Reader(Function<String, String> property) {

        String value(String name) {
            return property.apply(PREFIX + name);
        }

        String text(String name, String dflt) {
            String v = value(name);
            return v == null ? dflt : v;
        }

        String required(String name) {
            String v = value(name);
            if (v == null || v.isBlank()) {
                throw new IllegalArgumentException("system property " + PREFIX + name + " is not set");
            }
            return v;
        }

        int integer(String name, int dflt) {
            String v = value(name);
            try {
                return v == null ? dflt : Integer.parseInt(v);
            } catch (NumberFormatException e) {
                throw malformed(name, "is not a number", v);
            }
        }

        long number(String name) {
            String v = value(name);
            try {
                return Long.parseLong(v);
            } catch (NumberFormatException e) {
                throw malformed(name, "is not a number", v);
            }
        }

        Duration millis(String name, Duration dflt) {
            return value(name) == null ? dflt : Duration.ofMillis(number(name));
        }

        IllegalArgumentException malformed(String name, String what, String v) {
            return new IllegalArgumentException("system property " + PREFIX + name + " " + what + ": " + v);
        }
    }
}
