package dev.fluxlab.targets.reactor.client;

import dev.fluxlab.model.Labelled;
import java.net.URI;
import java.util.Locale;

/**
 * The wire a lab client speaks to its backend (the proxy frontend's and the HttpClient loader's, both
 * {@code --backend-protocol}): HTTP/2 over TLS, h2c by prior knowledge, or HTTP/3 (QUIC). Without {@code --backend-protocol} the {@code --backend-url} scheme chooses between the first two, as it
 * always did ({@code https} = h2, {@code http} = h2c); HTTP/3 is asked for by name, since its URL is an {@code https}
 * one too. A backend serves h3 on a UDP port of its own ({@code serve reactor-netty --protocol h3}), so the URL's port
 * is that UDP port. Every client mode and pool knob applies to h3 as to h2 (Reactor Netty's HTTP/3 pool is its HTTP/2
 * pool with the same allocation strategy, and its stream limit is also capped by the backend's QUIC MAX_STREAMS).
 * {@link BackendWire} makes a client speak it; h3 is refused where QUIC does not load ({@link BackendWire#requireQuic})
 * and the h3 client never runs on io_uring (the frontend refuses it, the loader takes epoll).
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
     * The protocol of a backend URL ({@code http} or {@code https}, checked by the caller) and an optional
     * {@code --backend-protocol}: {@code given}, else the scheme's ({@link #ofScheme}).
     *
     * @throws IllegalArgumentException when {@code given} contradicts the scheme, naming both and the fix
     */
    public static BackendProtocol resolve(BackendProtocol given, URI url) {
        if (given == null) {
            return ofScheme(url);
        }
        if (!given.scheme().equals(url.getScheme().toLowerCase(Locale.ROOT))) {
            throw new IllegalArgumentException(switch (given) {
                case H3 -> "--backend-protocol h3 is HTTP/3 over QUIC with TLS 1.3, so --backend-url must be "
                        + "https://HOST:PORT with the backend's UDP port (a backend serving --protocol h3), was '"
                        + url + "'";
                case H2 -> "--backend-protocol h2 is HTTP/2 over TLS, so --backend-url must be https://HOST:PORT, "
                        + "was '" + url + "'; for a cleartext backend use --backend-protocol h2c";
                case H2C -> "--backend-protocol h2c is cleartext HTTP/2, so --backend-url must be http://HOST:PORT, "
                        + "was '" + url + "'; for a TLS backend use --backend-protocol h2 (or h3)";
            });
        }
        return given;
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
