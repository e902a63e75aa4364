package dev.fluxlab.targets.common.net;

import java.net.BindException;

/** The port asked for is already bound by another process: the message names it and the fix. */
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

    /**
     * Whether {@code t} (or a cause) says the address is in use, whichever way the stack reported it. A bind that
     * failed otherwise ({@code Cannot assign requested address}: a host address this machine does not have) is not a
     * busy port, and keeps its own message.
     */
    public static boolean isBindConflict(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            String m = c.getMessage();
            if (c instanceof PortInUseException || (m != null && m.contains("Address already in use"))
                    || (c instanceof BindException && (m == null || m.isBlank()))) {
                return true;
            }
            if (c.getCause() == c) {
                break;
            }
        }
        return false;
    }
}
