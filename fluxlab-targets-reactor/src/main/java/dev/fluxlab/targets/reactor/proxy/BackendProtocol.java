package dev.fluxlab.targets.reactor.proxy;

import dev.fluxlab.model.Labelled;
import java.net.URI;
import java.util.Locale;

/**
 * The wire the proxy frontend's client speaks to its backend: HTTP/2 over TLS, h2c by prior knowledge, or HTTP/3
 * (QUIC). Without {@code --backend-protocol} the {@code --backend-url} scheme chooses between the first two, as it
 * always did ({@code https} = h2, {@code http} = h2c); HTTP/3 is asked for by name, since its URL is an {@code https}
 * one too. A backend serves h3 on a UDP port of its own ({@code serve reactor-netty --protocol h3}), so the URL's port
 * is that UDP port. Every client mode and pool knob applies to h3 as to h2 (Reactor Netty's HTTP/3 pool is its HTTP/2
 * pool with the same allocation strategy, and its stream limit is also capped by the backend's QUIC MAX_STREAMS); the
 * frontend refuses h3 on io_uring ({@link FrontendServer#requireQuicTransport}) and where QUIC does not load.
 */
public enum BackendProtocol implements Labelled {
    /** HTTP/2 over TLS (ALPN h2), trusting the lab's self-signed certificate. */
    H2("h2", true),
    /** HTTP/2 cleartext, prior knowledge. */
    H2C("h2c", false),
    /** HTTP/3 over QUIC (TLS 1.3, ALPN h3), trusting the lab's self-signed certificate. */
    H3("h3", true);

    private final String label;
    private final boolean secure;

    BackendProtocol(String label, boolean secure) {
        this.label = label;
        this.secure = secure;
    }

    @Override
    public String label() {
        return label;
    }

    /** Whether the backend is reached over TLS (h2, h3): its URL is an {@code https} one. */
    public boolean secure() {
        return secure;
    }

    /** Whether this is HTTP/3 over QUIC, which needs Netty's native QUIC library. */
    public boolean quic() {
        return this == H3;
    }

    /** The scheme a backend URL of this protocol has. */
    public String scheme() {
        return secure ? "https" : "http";
    }

    /** What the URL's scheme chooses when the protocol is not named: {@code https} = h2, {@code http} = h2c. */
    static BackendProtocol ofScheme(URI url) {
        return "https".equals(url.getScheme().toLowerCase(Locale.ROOT)) ? H2 : H2C;
    }

    /**
     * Parses a command-line name.
     *
     * @throws IllegalArgumentException listing the accepted names
     */
    public static BackendProtocol of(String label) {
        return Labelled.parse(BackendProtocol.class, label, "backend protocol");
    }

    @Override
    public String toString() {
        return label;
    }
}
