package dev.fluxlab.cli.serve;

/** SIGTERM handling shared by the {@code serve} commands. */
final class Signals {

    private Signals() {
    }

    /**
     * The JVM exits with 143 after SIGTERM by default; a target stopped on purpose should exit 0. The handler calls
     * {@code System.exit(0)}, which runs the shutdown hooks that close the server.
     */
    static void exitZeroOnSigterm() {
        try {
            sun.misc.Signal.handle(new sun.misc.Signal("TERM"), signal -> System.exit(0));
        } catch (IllegalArgumentException | UnsupportedOperationException | LinkageError e) {
            // no signal support: the shutdown hook still closes the server, the exit code is the JVM's
        }
    }
}
