package dev.fluxlab.targets.common.transport;

import dev.fluxlab.model.transport.Transport;

/**
 * An explicitly requested transport cannot run on this machine; the cause is Netty's own unavailability cause
 * (missing native library, kernel too old, io_uring disabled by seccomp...).
 */
public final class TransportUnavailableException extends RuntimeException {

    private final Transport transport;

    public TransportUnavailableException(Transport transport, Throwable cause) {
        super("transport " + transport.label() + " is not available on this machine: "
                + (cause == null ? "unknown cause" : cause.toString())
                + "; use --transport native (best available) or nio", cause);
        this.transport = transport;
    }

    /** The transport that was asked for. */
    public Transport transport() {
        return transport;
    }
}
