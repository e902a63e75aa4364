package dev.fluxlab.cli.serve;

import java.io.PrintWriter;
import reactor.netty.DisposableServer;

/**
 * The common life of a {@code serve} target once bound: close it on shutdown, exit 0 on SIGTERM, print the readiness
 * line, and wait until the server is disposed.
 */
final class TargetRun {

    private TargetRun() {
    }

    static int serve(AutoCloseable running, DisposableServer server, String readinessLine, PrintWriter out) {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                running.close();
            } catch (Exception e) {
                // shutting down anyway
            }
        }, "fluxlab-serve-shutdown"));
        exitZeroOnSigterm();
        out.println(readinessLine);
        out.flush();
        server.onDispose().block();
        return 0;
    }

    /** The JVM exits with 143 after SIGTERM by default; a target stopped on purpose exits 0. */
    @SuppressWarnings("removal")
    private static void exitZeroOnSigterm() {
        try {
            sun.misc.Signal.handle(new sun.misc.Signal("TERM"), signal -> System.exit(0));
        } catch (IllegalArgumentException | UnsupportedOperationException | LinkageError e) {
            // no signal support: the shutdown hook still closes the server
        }
    }
}
