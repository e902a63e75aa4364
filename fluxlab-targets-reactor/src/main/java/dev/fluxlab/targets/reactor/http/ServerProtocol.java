package dev.fluxlab.targets.reactor.http;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import reactor.netty.http.HttpProtocol;

/**
 * The wire protocols a target serves, with their command-line names and the Reactor Netty {@link HttpProtocol}s
 * they map to.
 */
public enum ServerProtocol {
    /** Plain HTTP/1.1. */
    HTTP11("http1.1", false, HttpProtocol.HTTP11),
    /** HTTP/2 over cleartext with prior knowledge only. */
    H2C("h2c", false, HttpProtocol.H2C),
    /** HTTP/2 over TLS, negotiated by ALPN, with HTTP/1.1 as the fallback. */
    H2("h2", true, HttpProtocol.H2, HttpProtocol.HTTP11),
    /** HTTP/1.1 and h2c (prior knowledge or upgrade) on one cleartext port. */
    HTTP11_H2C("http1.1+h2c", false, HttpProtocol.HTTP11, HttpProtocol.H2C);

    private final String label;
    private final boolean secure;
    private final List<HttpProtocol> protocols;

    ServerProtocol(String label, boolean secure, HttpProtocol... protocols) {
        this.label = label;
        this.secure = secure;
        this.protocols = List.of(protocols);
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
        return protocols.contains(HttpProtocol.H2) || protocols.contains(HttpProtocol.H2C);
    }

    /** The Reactor Netty protocols to enable. */
    public HttpProtocol[] httpProtocols() {
        return protocols.toArray(HttpProtocol[]::new);
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
