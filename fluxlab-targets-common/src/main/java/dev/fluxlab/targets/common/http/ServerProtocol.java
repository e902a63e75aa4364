package dev.fluxlab.targets.common.http;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The wire protocols a target serves, with their command-line names. Each stack maps {@link #wires()} to its own
 * switches (Reactor Netty's {@code HttpProtocol} has a constant of the same name for each {@link Wire}; raw Netty
 * builds its pipeline, Undertow sets {@code ENABLE_HTTP2}).
 */
public enum ServerProtocol {
    /** Plain HTTP/1.1. */
    HTTP11("http1.1", false, Wire.HTTP11),
    /** HTTP/2 over cleartext with prior knowledge only. */
    H2C("h2c", false, Wire.H2C),
    /** HTTP/2 over TLS, negotiated by ALPN, with HTTP/1.1 as the fallback. */
    H2("h2", true, Wire.H2, Wire.HTTP11),
    /** HTTP/1.1 and h2c (prior knowledge or upgrade) on one cleartext port. */
    HTTP11_H2C("http1.1+h2c", false, Wire.HTTP11, Wire.H2C);

    /** One protocol on the wire; the names are Reactor Netty's {@code HttpProtocol} constants. */
    public enum Wire { HTTP11, H2C, H2 }

    private final String label;
    private final boolean secure;
    private final List<Wire> wires;

    ServerProtocol(String label, boolean secure, Wire... wires) {
        this.label = label;
        this.secure = secure;
        this.wires = List.of(wires);
    }

    /** The command-line and readiness name. */
    public String label() {
        return label;
    }

    /** Whether the port speaks TLS. */
    public boolean secure() {
        return secure;
    }

    /** Whether HTTP/2 is among the protocols (so HTTP/2 settings apply). */
    public boolean http2() {
        return wires.contains(Wire.H2) || wires.contains(Wire.H2C);
    }

    /** The protocols to enable on the port, in order of preference. */
    public List<Wire> wires() {
        return wires;
    }

    /**
     * Parses a command-line name.
     *
     * @throws IllegalArgumentException listing the accepted names
     */
    public static ServerProtocol of(String label) {
        String l = label == null ? "" : label.trim().toLowerCase(Locale.ROOT);
        for (ServerProtocol p : values()) {
            if (p.label.equals(l)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown protocol '" + label + "'; expected one of "
                + Arrays.stream(values()).map(ServerProtocol::label).collect(Collectors.joining(", ")));
    }

    @Override
    public String toString() {
        return label;
    }
}
