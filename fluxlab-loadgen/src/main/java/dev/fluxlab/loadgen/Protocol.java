package dev.fluxlab.loadgen;

import java.util.Locale;

/** The wire protocols the injector speaks, named as on the command line. */
public enum Protocol {
    /** HTTP/1.1 with keep-alive, optionally pipelined (over TLS for https:// URLs). */
    HTTP1_1("http1.1"),
    /** HTTP/2 over cleartext TCP with prior knowledge (no upgrade). */
    H2C("h2c"),
    /** HTTP/2 over TLS, negotiated by ALPN. */
    H2("h2");

    private final String label;

    Protocol(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    public boolean isHttp2() {
        return this != HTTP1_1;
    }

    /** Parses {@code http1.1}, {@code h2c} or {@code h2}. */
    public static Protocol of(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        for (Protocol p : values()) {
            if (p.label.equals(t)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown protocol '" + text + "': use http1.1, h2c or h2");
    }
}
