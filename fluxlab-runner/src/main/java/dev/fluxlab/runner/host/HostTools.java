package dev.fluxlab.runner.host;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * The native load tools (wrk, h2load, ab) a run starts on its hosts, found there before any cell: on each host that a
 * cell's load names, the tool's executable on the PATH of a non-interactive login ({@code command -v}) and the version
 * it reports, said in one line ({@code host 'inject': wrk at /usr/bin/wrk (wrk debian/4.1.0-3+b2 [epoll] ...)}). A
 * tool that is not there stops the run before anything started, naming the host and what to install. The drivers
 * then start the tool at the path found there.
 */
public final class HostTools {

    /**
     * A tool as the check needs it.
     *
     * @param name        the injector's name in the suite
     * @param executable  the command looked up on the host's PATH
     * @param versionArgs what makes it print its version first (its exit code is not read: wrk's -v exits 1)
     * @param install     how to install it, after "install"
     */
    public record Tool(String name, String executable, List<String> versionArgs, String install) {
    }

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final Map<String, Map<String, String>> paths;

    private HostTools(Map<String, Map<String, String>> paths) {
        this.paths = paths;
    }

    /** No tool on any host. */
    public static HostTools none() {
        return new HostTools(Map.of());
    }

    /**
     * Finds every tool of {@code needed} (suite host name to its tools) on its host, hosts in parallel; {@code say}
     * gets one line per host and tool.
     *
     * @throws HostException for the first tool missing (its host, the tool, what to install)
     */
    public static HostTools check(LabHosts hosts, Map<String, Set<Tool>> needed, Consumer<String> say) {
        if (needed.values().stream().allMatch(Set::isEmpty)) {
            return none();
        }
        Map<String, Map<String, String>> out = new LinkedHashMap<>();
        List<String> lines = new ArrayList<>();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            Map<String, Future<List<Found>>> jobs = new LinkedHashMap<>();
            needed.forEach((host, tools) -> {
                LabHost h = hosts.get(host);
                if (h == null) {
                    throw new HostException("host '" + host + "' was not prepared for this run");
                }
                jobs.put(host, pool.submit(() -> tools.stream().map(t -> find(h, t)).toList()));
            });
            for (Map.Entry<String, Future<List<Found>>> j : jobs.entrySet()) {
                try {
                    Map<String, String> m = new LinkedHashMap<>();
                    for (Found f : j.getValue().get()) {
                        m.put(f.tool().executable(), f.path());
                        lines.add(f.line(j.getKey()));
                    }
                    out.put(j.getKey(), m);
                } catch (ExecutionException e) {
                    throw e.getCause() instanceof HostException he ? he
                            : new HostException("host '" + j.getKey() + "': " + e.getCause().getMessage());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new HostException("interrupted while looking for the load tools on host '" + j.getKey() + "'");
                }
            }
        }
        lines.forEach(say);
        return new HostTools(out);
    }

    /** A tool found on a host: where, and the first line of its version output. */
    record Found(Tool tool, String path, String version) {
        String line(String host) {
            return "host '" + host + "': " + tool.name() + " at " + path + " (" + version + ")";
        }
    }

    /** The tool on {@code h}: its path and version, or the one error naming what to install. */
    static Found find(LabHost h, Tool t) {
        String exe = ShellWords.quote(t.executable());
        SshResult r = h.ssh().run(TIMEOUT, "p=$(command -v " + exe + ") || exit 3; echo \"$p\"; \"$p\" "
                + ShellWords.join(t.versionArgs()) + " 2>&1 | head -n 1");
        if (r.exit() == SshResult.SSH_FAILED) {
            r.requireOk(h.ssh(), "look for " + t.executable());
        }
        return parse(h.name(), t, r.exit(), r.stdout());
    }

    /** What {@link #find}'s remote command printed, read. */
    static Found parse(String host, Tool t, int exit, String stdout) {
        String[] lines = stdout.strip().split("\n", 2);
        if (exit != 0 || lines[0].isBlank() || !lines[0].startsWith("/")) {
            throw new HostException("host '" + host + "': injector '" + t.name() + "' needs the '" + t.executable()
                    + "' command there, which is not on the PATH of a non-interactive login (ssh HOST command -v "
                    + t.executable() + "); install " + t.install() + " on that host, or remove the load's 'host'");
        }
        String version = lines.length > 1 && !lines[1].isBlank() ? lines[1].strip() : "(printed no version)";
        return new Found(t, lines[0].strip(), version);
    }

    /** The path of {@code executable} on {@code host}, as the check found it; empty when it was not checked there. */
    public Optional<String> path(String host, String executable) {
        Map<String, String> m = paths.get(host);
        return m == null ? Optional.empty() : Optional.ofNullable(m.get(executable));
    }

    /**
     * The version a jar file name of {@code classpath} carries for {@code artifact} ({@code gatling-app-3.14.9.jar}:
     * 3.14.9), or empty: how a JVM tool's version is said, whose classpath is shipped rather than found.
     */
    public static Optional<String> jarVersion(String classpath, String artifact) {
        for (java.nio.file.Path p : ClasspathBundle.entries(classpath)) {
            String n = p.getFileName().toString();
            if (n.startsWith(artifact + "-") && n.endsWith(".jar")) {
                return Optional.of(n.substring(artifact.length() + 1, n.length() - 4));
            }
        }
        return Optional.empty();
    }
}
