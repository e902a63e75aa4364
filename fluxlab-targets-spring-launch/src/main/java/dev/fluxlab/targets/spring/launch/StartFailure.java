package dev.fluxlab.targets.spring.launch;

import dev.fluxlab.targets.common.net.PortInUseException;
import dev.fluxlab.targets.common.transport.TransportUnavailableException;

/**
 * A Spring target could not start (shared by every Spring target, whatever its Boot line); carries the exit code (2: bad input such as a busy port, 1: cannot run). */
public final class StartFailure extends RuntimeException {
    private final int exitCode;

    public StartFailure(String message, int exitCode, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    public int exitCode() {
        return exitCode;
    }

    /** The one-line failure for what {@code SpringApplication.run} threw. */
    public static StartFailure of(RuntimeException e, int port) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof StartFailure sf) {
                return sf;
            }
            if (t instanceof org.springframework.boot.web.server.PortInUseException
                    || PortInUseException.isBindConflict(t)) {
                return new StartFailure("port " + port + " is in use; pick another or use --port 0", 2, e);
            }
            if (t instanceof TransportUnavailableException tu) {
                return new StartFailure(tu.getMessage(), 1, e);
            }
            if (t instanceof IllegalArgumentException iae && t.getCause() == null) {
                return new StartFailure(iae.getMessage(), 2, e);
            }
        }
        Throwable root = e;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        return new StartFailure("cannot start: " + root, 1, e);
    }
}
