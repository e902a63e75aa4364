package dev.fluxlab.targets.common.serve;

import dev.fluxlab.options.BindOptions;
import dev.fluxlab.targets.common.net.PortInUseException;
import dev.fluxlab.targets.common.quic.QuicUnavailableException;
import dev.fluxlab.targets.common.transport.TransportUnavailableException;
import java.io.PrintWriter;
import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import picocli.CommandLine;

/**
 * What every {@code serve} command shares, whichever target family owns it: starting the target, turning a start-up failure into one line on
 * stderr and an exit code (here only, so every target answers alike), printing the readiness line, exit 0 on SIGTERM.
 *
 * <p>Exit codes at start-up (docs/contracts.md): 2 for bad input, which the user fixes by changing the command line
 * (an {@link IllegalArgumentException} from the target, or a port already in use: the line names the port and the
 * fix); 1 for anything else (the target cannot run here, e.g. an explicit transport this machine lacks): the line says
 * what failed and its cause.
 */
public final class ServeSupport {

    /** Bad input: change the command line. */
    public static final int EXIT_BAD_INPUT = 2;
    /** The target could not start for another reason. */
    public static final int EXIT_CANNOT_START = 1;

    private ServeSupport() {
    }

    /**
     * Starts the target ({@code bind} was checked while parsing), then serves it until SIGTERM ({@link #serveUntilStopped}); a start-up
     * failure becomes one line on stderr and the exit code {@link #startFailure} decides.
     *
     * @param spec      the command (its stdout gets the readiness line, its stderr any error)
     * @param name      the command as users type it, e.g. {@code fluxlab serve mock-api}; prefixes the error line
     * @param bind      the command's {@code --host/--port}
     * @param start     starts the target, bound and ready
     * @param readiness the readiness line of the started target
     * @param close     stops the target (run by the shutdown hook)
     * @param <T>       the started target
     * @return the exit code
     */
    public static <T> int startAndServe(CommandLine.Model.CommandSpec spec, String name, BindOptions bind, Supplier<T> start,
                                 Function<T, String> readiness, Consumer<T> close) {
        T running;
        try {
            running = start.get();
        } catch (Exception | LinkageError e) { // Exception: Netty rethrows checked ones (a BindException) unchecked
            return startFailure(spec.commandLine().getErr(), name, bind.port(), e);
        }
        return serveUntilStopped(spec.commandLine().getOut(), readiness.apply(running), () -> close.accept(running));
    }

    /**
     * The one place that decides how a failed start-up ends: prints exactly one line on {@code err} and returns the
     * exit code ({@link #EXIT_BAD_INPUT} or {@link #EXIT_CANNOT_START}).
     *
     * @param port the port asked for, named when it turns out to be taken
     */
    public static int startFailure(PrintWriter err, String name, int port, Throwable e) {
        int code;
        String line;
        if (PortInUseException.isBindConflict(e)) {
            code = EXIT_BAD_INPUT;
            line = "port " + busyPort(e, port) + " is in use; pick another or use --port 0";
        } else if (e instanceof IllegalArgumentException) {
            code = EXIT_BAD_INPUT;
            line = e.getMessage() == null ? e.toString() : e.getMessage();
        } else {
            code = EXIT_CANNOT_START;
            line = "cannot start: " + withCause(e);
        }
        err.println(name + ": " + oneLine(line));
        err.flush();
        return code;
    }

    private static int busyPort(Throwable e, int asked) {
        for (Throwable t = e; t != null && t.getCause() != t; t = t.getCause()) {
            if (t instanceof PortInUseException p) {
                return p.port();
            }
        }
        return asked;
    }

    /** What failed, and its root cause unless the message already carries it. */
    private static String withCause(Throwable e) {
        // the lab's own start-up exceptions word themselves (and carry Netty's cause); others are named by type
        String text = (e instanceof TransportUnavailableException || e instanceof QuicUnavailableException)
                && e.getMessage() != null ? e.getMessage() : e.toString();
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        if (root != e && !text.contains(root.toString())) {
            text += "; cause: " + root;
        }
        return text;
    }

    private static String oneLine(String s) {
        return s.strip().replaceAll("\\s*\\R\\s*", " ");
    }

    /** Why a server whose standard output is gone stops at once: its readiness line is how anyone learns it is up. */
    public static final String NO_READINESS = "fluxlab serve: the readiness line could not be written (standard output is "
            + "closed or full), so nothing can learn that this server is ready: stopping";

    /**
     * Registers {@code close} as the shutdown hook, makes SIGTERM exit 0, prints {@code readiness} on stdout and
     * blocks until the JVM is stopped.
     */
    @SuppressWarnings("removal")
    public static int serveUntilStopped(PrintWriter out, String readiness, Runnable close) {
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
        if (out.checkError() || System.out.checkError()) {
            System.err.println(NO_READINESS);
            return 1;   // Main's exit runs the hook, which closes the server
        }
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 0;
    }
}
