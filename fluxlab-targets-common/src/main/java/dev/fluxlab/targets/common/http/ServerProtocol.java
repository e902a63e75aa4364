package dev.fluxlab.targets.common.http;

import dev.fluxlab.model.Labelled;
import dev.fluxlab.model.http.WireProtocol;
import java.util.Arrays;
import java.util.List;

/**
 * What a target's port serves, with its command-line name. The single protocols are named after their
 * {@link WireProtocol}; the difference from what a client speaks lives here: a port may enable several wires, so
 * {@code h2} also falls back to HTTP/1.1 when ALPN does not pick HTTP/2, and {@code http1.1+h2c} serves both
 * cleartext protocols on one port, a name no client connection (the injector, a suite's load) can ask for.
 * Each stack maps {@link #wires()} to its own switches (Reactor Netty's {@code HttpProtocol}s, raw Netty's
 * pipeline, Undertow's {@code ENABLE_HTTP2}).
 */
public enum ServerProtocol implements Labelled {
    /** Plain HTTP/1.1. */
    HTTP11(WireProtocol.HTTP11.label(), false, WireProtocol.HTTP11),
    /** HTTP/2 over cleartext with prior knowledge only. */
    H2C(WireProtocol.H2C.label(), false, WireProtocol.H2C),
    /** HTTP/2 over TLS, negotiated by ALPN, with HTTP/1.1 as the fallback. */
    H2(WireProtocol.H2.label(), true, WireProtocol.H2, WireProtocol.HTTP11),
    /** HTTP/1.1 and h2c (prior knowledge or upgrade) on one cleartext port. */
    HTTP11_H2C(WireProtocol.HTTP11.label() + "+" + WireProtocol.H2C.label(), false,
            WireProtocol.HTTP11, WireProtocol.H2C),
    /**
     * HTTP/3 alone, on a UDP port (QUIC with TLS 1.3, ALPN h3, the lab's self-signed certificate): a server of its
     * own, since Reactor Netty cannot serve h3 beside h1/h2 on one server.
     */
    H3(WireProtocol.H3.label(), true, WireProtocol.H3);

    private final String label;
    private final boolean secure;
    private final List<WireProtocol> wires;

    ServerProtocol(String label, boolean secure, WireProtocol... wires) {
        this.label = label;
        this.secure = secure;
        this.wires = List.of(wires);
    }

    /** The command-line and readiness name. */
    @Override
    public String label() {
        return label;
    }

    /** Whether the port speaks TLS. */
    public boolean secure() {
        return secure;
    }

    /** Whether HTTP/2 is among the protocols (so HTTP/2 settings apply). */
    public boolean http2() {
        return wires.stream().anyMatch(WireProtocol::http2);
    }

    /** Whether the port is a QUIC (UDP) port serving HTTP/3, which needs Netty's native QUIC library. */
    public boolean quic() {
        return wires.contains(WireProtocol.H3);
    }

    /** The protocols to enable on the port, in order of preference. */
    public List<WireProtocol> wires() {
        return wires;
    }

    /** The protocols of a port without TLS (all but {@link #H2} and {@link #H3}), in declaration order: what TLS-less targets serve. */
    public static List<ServerProtocol> cleartext() {
        return Arrays.stream(values()).filter(p -> !p.secure()).toList();
    }

    /**
     * The names of {@link #cleartext()}, comma-separated but for {@code conjunction} before the last
     * ({@code http1.1, h2c or http1.1+h2c}): for the refusals of the targets that serve no TLS, so their lists of
     * what they do serve follow this enum.
     */
    public static String cleartextNames(String conjunction) {
        List<String> names = cleartext().stream().map(ServerProtocol::label).toList();
        return String.join(", ", names.subList(0, names.size() - 1)) + " " + conjunction + " " + names.getLast();
    }

    /**
     * Parses a command-line name.
     *
     * @throws IllegalArgumentException listing the accepted names
     */
    public static ServerProtocol of(String label) {
        return Labelled.parse(ServerProtocol.class, label, "protocol");
    }

    /**
     * Parses a command-line name for a target that serves no TLS: an unknown name is refused with the names such a
     * target serves ({@link #cleartext()}), not with {@code h2} among them, which it would then refuse; {@code h2} itself
     * is returned, for the target to refuse with its own advice.
     *
     * @throws IllegalArgumentException listing the cleartext names
     */
    public static ServerProtocol ofCleartext(String label) {
        return Labelled.find(ServerProtocol.class, label).orElseThrow(() -> new IllegalArgumentException(
                Labelled.refusal("protocol", label, cleartext())));
    }

    @Override
    public String toString() {
        return label;
    }
}
