package dev.fluxlab.model.http;

import dev.fluxlab.model.Labelled;

/**
 * One HTTP protocol as a single connection speaks it, by the name every command line, suite, readiness line and
 * results file uses: {@code http1.1}, {@code h2c}, {@code h2}, {@code h3}. These are the lab's only protocol names.
 *
 * <p>What a client sends and what a server serves differ, and both are built on this type. A client connection
 * speaks exactly one of these: the injector's {@code --protocol} and a suite's {@code load: protocol:} take one.
 * A server port may serve several: fluxlab-targets-common's {@code ServerProtocol} lists the wires a port enables
 * and adds the combination {@code http1.1+h2c}, which no client connection can ask for.
 */
public enum WireProtocol implements Labelled {
    /** HTTP/1.1 over TCP, or over TLS when the URL says https. */
    HTTP11("http1.1"),
    /** HTTP/2 over cleartext TCP with prior knowledge (no upgrade from HTTP/1.1). */
    H2C("h2c"),
    /** HTTP/2 over TLS, negotiated by ALPN. */
    H2("h2"),
    /** HTTP/3 over QUIC (UDP), TLS 1.3 negotiated by ALPN {@code h3}: an https URL whose port is a UDP port. */
    H3("h3");

    private final String label;

    WireProtocol(String label) {
        this.label = label;
    }

    /** The name on the command line, in suites and in results ({@code http1.1}, {@code h2c}, {@code h2}, {@code h3}). */
    @Override
    public String label() {
        return label;
    }

    /** Whether this is HTTP/2 (streams multiplexed on the connection, HTTP/2 settings apply). */
    public boolean http2() {
        return this == H2C || this == H2;
    }

    /**
     * Parses a command-line or suite name.
     *
     * @throws IllegalArgumentException naming the value and every accepted name
     */
    public static WireProtocol of(String label) {
        return Labelled.parse(WireProtocol.class, label, "protocol");
    }

    /**
     * The protocol a client connection speaks to a port written {@code label}: the wire of that name, else HTTP/1.1.
     * Lenient on purpose, for the runner, which learns a port's protocol from a target's {@code protocol} knob or
     * readiness line: that may name a server protocol such as {@code http1.1+h2c}, no wire of its own, whose port
     * a client opens in HTTP/1.1, or nothing at all (a target that announces no protocol serves HTTP/1.1).
     *
     * @param label the name as written; null, blank or unknown is HTTP/1.1
     */
    public static WireProtocol ofOrHttp11(String label) {
        return Labelled.find(WireProtocol.class, label).orElse(HTTP11);
    }

    @Override
    public String toString() {
        return label;
    }
}
