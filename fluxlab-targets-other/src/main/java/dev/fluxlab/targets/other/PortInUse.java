package dev.fluxlab.targets.other;

/** The port asked for is taken: the message names it and the fix. */
public final class PortInUse extends RuntimeException {

    public PortInUse(int port, Throwable cause) {
        super("port " + port + " is in use; pick another or use --port 0", cause);
    }

    /** Whether {@code t} (or a cause) says the address is in use. */
    public static boolean isBindConflict(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof java.net.BindException
                    || (c.getMessage() != null && c.getMessage().contains("Address already in use"))) {
                return true;
            }
        }
        return false;
    }
}
