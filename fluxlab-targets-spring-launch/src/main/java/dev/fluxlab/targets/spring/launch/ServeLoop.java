package dev.fluxlab.targets.spring.launch;

import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.event.ContextClosedEvent;

/**
 * The run loop every Spring target shares, whatever its Boot line and web stack: start, print the readiness line,
 * serve until the context closes (SIGTERM: exit 0, Boot's shutdown hook closes the context), with the exit codes of
 * docs/contracts.md (2 for bad input, 1 or the failure's own code when it cannot start).
 */
public final class ServeLoop {

    private ServeLoop() {
    }

    /** A started target as the run loop needs it. */
    public interface Running extends AutoCloseable {
        ConfigurableApplicationContext context();

        String readinessLine();

        @Override
        void close();
    }

    /** Starts with {@code start}, prints its readiness line and serves; the process exit code. */
    public static int run(String name, Callable<? extends Running> start) {
        dev.fluxlab.model.ParentWatch.startFromEnvironment();   // started by a runner: die with it
        Running running;
        try {
            running = start.call();
        } catch (IllegalArgumentException e) {
            System.err.println(name + ": " + e.getMessage());
            return 2;
        } catch (StartFailure e) {
            System.err.println(name + ": " + e.getMessage());
            return e.exitCode();
        } catch (Exception e) {
            System.err.println(name + ": cannot start: " + e);
            return 1;
        }
        CountDownLatch closed = new CountDownLatch(1);
        running.context().addApplicationListener(event -> {
            if (event instanceof ContextClosedEvent) {
                closed.countDown();
            }
        });
        exitZeroOnSigterm();
        System.out.println(running.readinessLine());
        System.out.flush();
        if (System.out.checkError()) {
            System.err.println(name + ": the readiness line could not be written (standard output is closed or full), "
                    + "so nothing can learn that this server is ready: stopping");
            running.context().close();
            return 1;
        }
        try {
            closed.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 0;
    }

    /** JVM exit code 0 after SIGTERM: the handler exits, Boot's shutdown hook closes the context. */
    @SuppressWarnings("removal")
    private static void exitZeroOnSigterm() {
        try {
            sun.misc.Signal.handle(new sun.misc.Signal("TERM"), signal -> System.exit(0));
        } catch (IllegalArgumentException | UnsupportedOperationException | LinkageError e) {
            // no signal support: the shutdown hook still closes the context
        }
    }
}
