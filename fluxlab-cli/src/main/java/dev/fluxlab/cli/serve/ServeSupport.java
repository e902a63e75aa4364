package dev.fluxlab.cli.serve;

import java.io.PrintWriter;
import java.util.concurrent.CountDownLatch;

/** What every {@code serve} sub-command shares: exit 0 on SIGTERM, print the readiness line, wait. */
final class ServeSupport {

    private ServeSupport() {
    }

    /**
     * Registers {@code close} as the shutdown hook, makes SIGTERM exit 0, prints {@code readiness} on stdout and
     * blocks until the JVM is stopped.
     */
    @SuppressWarnings("removal")
    static int serveUntilStopped(PrintWriter out, String readiness, Runnable close) {
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            close.run();
            stopped.countDown();
        }, "fluxlab-serve-shutdown"));
        try {
            sun.misc.Signal.handle(new sun.misc.Signal("TERM"), signal -> System.exit(0));
        } catch (IllegalArgumentException | UnsupportedOperationException | LinkageError e) {
            // no signal support: the shutdown hook still closes the server, the exit code is the JVM's
        }
        out.println(readiness);
        out.flush();
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 0;
    }
}
