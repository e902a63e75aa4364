package dev.fluxlab.runner.target;

import dev.fluxlab.model.Readiness;
import dev.fluxlab.model.placement.CpuList;
import dev.fluxlab.model.run.ProcessStats;
import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.model.suite.CommandTarget;
import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.runner.host.CpuAffinity;
import dev.fluxlab.runner.host.Launcher;
import dev.fluxlab.runner.observe.GcLog;
import dev.fluxlab.runner.process.ChildProcess;
import dev.fluxlab.runner.process.Supervisor;
import dev.fluxlab.runner.registry.CommandTargets;

import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.regex.Pattern;

/**
 * Starts a suite's own command target ({@link CommandTarget}) and waits until it is ready. Each start gets a free
 * loopback port as {@code ${port}}: one the kernel hands out for a socket bound to port 0 on 127.0.0.1, closed again
 * before the command starts. Between that close and the server's bind another process may take the port (the race of
 * every "pick a free port" scheme; the ephemeral range is large and the window short): the server then fails to bind
 * and the cell is invalid with its log's last lines, never loaded against a stranger, provided the server binds
 * 127.0.0.1 (or {@code ${host}}), where fluxlab connects. Readiness: a GET on the {@code http} path answering 2xx or
 * 3xx, a line of its output matching {@code log}, or a TCP connection to its port accepted, polled every
 * {@value #POLL_MS} ms until the suite's {@code startup_timeout}, and failed at once when the process exits. On a
 * suite host ({@code host:}) the port is one free there ({@link Launcher#freePort}), {@code ${host}} and the address
 * readiness polls are the host's, and the command runs in its process group there ({@link Launcher#startCommandOn}).
 */
final class CommandStart {

    static final long POLL_MS = 100;
    /** Where a JVM the command starts writes its GC log, unless the suite's env or the runner's sets it otherwise. */
    static final String TOOL_OPTIONS = "JAVA_TOOL_OPTIONS";

    private CommandStart() {
    }

    /** A free TCP port on 127.0.0.1 now (see the class comment for the race). */
    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName(CommandTarget.LOOPBACK))) {
            return s.getLocalPort();
        }
    }

    /**
     * Starts {@code t} as process {@code p} of a cell on {@code cpus} (taskset; null: anywhere) with {@code port}; a
     * HotSpot JVM it starts writes its GC log to {@code gcLog} through {@code JAVA_TOOL_OPTIONS} (the JVM says so on
     * its first line) unless the suite's {@code env} or the runner's environment sets that variable already.
     */
    static ChildProcess start(CommandTarget t, Cell.CellProcess p, Suite suite, CpuList cpus, int port, Path log,
                              Path gcLog, Launcher launcher, Supervisor supervisor) throws IOException {
        Map<String, String> values = new LinkedHashMap<>(p.knobs());
        values.put(CommandTarget.PORT, Integer.toString(port));
        values.put(CommandTarget.HOST, launcher.address(p.host()));
        List<String> argv = new ArrayList<>(cpus == null ? List.of() : CpuAffinity.prefix(cpus));
        argv.addAll(t.commandLine(values));
        Map<String, String> env = new LinkedHashMap<>(t.environment(values));
        if (p.host() != null) { // its GC log would be the host's: not asked for there
            return launcher.startCommandOn(p.host(), ProcessStats.TARGET, p.name(), t.name(), argv, env, log,
                    supervisor, t.signal(), t.grace());
        }
        String gc = GcLog.options(gcLog, null).getFirst();
        if (!env.containsKey(TOOL_OPTIONS) && System.getenv(TOOL_OPTIONS) == null && !gc.matches(".*\\s.*")) {
            env.put(TOOL_OPTIONS, gc);
        }
        return launcher.startCommand(ProcessStats.TARGET, p.name(), argv, CommandTargets.workingDir(suite, t), env, log,
                supervisor, t.signal(), t.grace());
    }

    /**
     * Waits until {@code c} (started from {@code t} on {@code port}) is ready; empty when it is, else why not with
     * its log's last lines.
     */
    static Optional<String> awaitReady(ChildProcess c, CommandTarget t, String address, int port, Duration timeout,
                                       BooleanSupplier interrupted) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        boolean ready = false;
        if (t.ready().kind() == CommandTarget.ReadyKind.LOG) {
            Pattern p = Pattern.compile(t.ready().value());
            ready = c.awaitLine(l -> p.matcher(l).find(), timeout).isPresent();
        } else {
            while (!ready && c.isAlive() && !interrupted.getAsBoolean() && System.nanoTime() < deadline) {
                ready = t.ready().kind() == CommandTarget.ReadyKind.HTTP ? answers(address, port, t.ready().value())
                        : accepts(address, port);
                if (!ready) {
                    Thread.sleep(POLL_MS);
                }
            }
        }
        if (ready && c.isAlive()) {
            return Optional.empty();
        }
        c.awaitOutput(Duration.ofMillis(500));
        Integer code = c.exitCodeWithin(c.outputEnded() || !c.isAlive() ? TargetStarter.REAP : Duration.ZERO);
        return Optional.of("target " + c.name() + " (the suite's command) " + (code != null ? "exited with code " + code
                + " before it was ready" : "was not ready (" + t.ready().describe() + " on port " + port + (CommandTarget.LOOPBACK.equals(address) ? ""
                : " of " + address) + ") within "
                + timeout.toSeconds() + "s (startup_timeout)") + "; last lines of its log:\n" + c.lastLines(8));
    }

    /** Whether a GET on {@code path} at {@code address}:{@code port} answers 2xx or 3xx (redirects not followed). */
    static boolean answers(String address, int port, String path) {
        try {
            HttpURLConnection h = (HttpURLConnection) URI.create("http://" + address + ":" + port + path)
                    .toURL().openConnection(java.net.Proxy.NO_PROXY);
            h.setConnectTimeout(1000);
            h.setReadTimeout(2000);
            h.setInstanceFollowRedirects(false);
            try {
                int code = h.getResponseCode();
                return code >= 200 && code < 400;
            } finally {
                h.disconnect();
            }
        } catch (IOException | IllegalArgumentException e) {
            return false;
        }
    }

    /** Whether {@code address}:{@code port} accepts a TCP connection. */
    static boolean accepts(String address, int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(address, port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** What the readiness record says of a ready command target: where it is reached and how it was found ready. */
    static Map<String, String> announced(CommandTarget t, String address, int port) {
        Map<String, String> a = new LinkedHashMap<>();
        a.put(Readiness.PORT, Integer.toString(port));
        a.put(Readiness.HOST, address);
        a.put("ready", t.ready().describe());
        return a;
    }
}
