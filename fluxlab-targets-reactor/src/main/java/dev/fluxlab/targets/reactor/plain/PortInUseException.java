package dev.fluxlab.targets.reactor.plain;

/** The port asked for is already bound by another process. */
public final class PortInUseException extends RuntimeException {

    private final int port;

    public PortInUseException(int port, Throwable cause) {
        super("port " + port + " is in use; pick another or use --port 0", cause);
        this.port = port;
    }

    /** The busy port. */
    public int port() {
        return port;
    }
}
