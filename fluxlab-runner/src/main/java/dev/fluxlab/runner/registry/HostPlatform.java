package dev.fluxlab.runner.registry;

import dev.fluxlab.runner.host.ShellWords;
import dev.fluxlab.runner.process.BoundedCheck;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The real machine: native transports are asked of Netty in a child JVM on the targets' classpath
 * ({@link TransportProbe}, once for all transports), GC support by starting {@code java -XX:+UseXGC -version} once per
 * collector. Answers are remembered for the life of this object.
 */
public final class HostPlatform implements Platform {

    /** How long a checking JVM may take to answer before it is taken for hung and killed. */
    static final Duration CHECK_LIMIT = Duration.ofSeconds(30);
    private static final Pattern ANSWER = Pattern.compile("transport=(\\S+) (ok|problem=(.*))");

    private final String java;
    private final String classpath;
    private final Map<String, Optional<String>> cache = new ConcurrentHashMap<>();
    private final Duration limit;

    /** Checks with {@code java} and, for transports, the given classpath (the targets'). */
    public HostPlatform(String java, String classpath) {
        this(java, classpath, CHECK_LIMIT);
    }

    /** As {@link #HostPlatform(String, String)}, each child JVM given {@code limit} to answer (tests: seconds). */
    HostPlatform(String java, String classpath, Duration limit) {
        this.java = java;
        this.classpath = classpath;
        this.limit = limit;
    }

    public HostPlatform() {
        this(TargetRegistry.java(), System.getProperty("java.class.path"));
    }

    @Override
    public Optional<String> transportProblem(String transport) {
        if (!transport.equals("epoll") && !transport.equals("io_uring")) {
            return Optional.empty();
        }
        String key = "transport:" + transport;
        synchronized (cache) {
            if (!cache.containsKey(key)) {
                probeTransports();
            }
        }
        return cache.get(key).map(p -> "the " + transport + " transport is not available on this machine (" + p
                + "); use transport native (best available) or nio");
    }

    /** One child JVM answers for every native transport. */
    private void probeTransports() {
        List<String> cmd = List.of(java, "--enable-native-access=ALL-UNNAMED", "-cp", classpath,
                TransportProbe.class.getName(), "epoll", "io_uring");
        Map<String, Optional<String>> found = new HashMap<>();
        String failure = null;
        try {
            BoundedCheck.Outcome o = BoundedCheck.run(cmd, limit);
            String out = o.output();
            if (o.timedOut()) {
                failure = "the check did not finish within " + limit.toSeconds() + " s";
            }
            for (String line : out.split("\n")) {
                Matcher m = ANSWER.matcher(line.strip());
                if (m.matches()) {
                    found.put(m.group(1), m.group(2).equals("ok") ? Optional.empty() : Optional.of(m.group(3)));
                }
            }
            if (failure == null && found.size() < 2) {
                failure = "unexpected answer: " + out.strip();
            }
        } catch (IOException e) {
            failure = "could not start " + java + ": " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failure = "interrupted";
        }
        for (String t : List.of("epoll", "io_uring")) {
            cache.put("transport:" + t, found.getOrDefault(t, Optional.of("could not check: " + failure)));
        }
    }

    @Override
    public Optional<String> gcProblem(String gc) {
        Optional<String> unknown = Platform.unknownGc(gc);
        if (unknown.isPresent()) {
            return unknown;
        }
        String canonical = Platform.canonicalGc(gc);
        return cache.computeIfAbsent("gc:" + canonical, k -> probeGc(canonical));
    }

    @Override
    public Optional<String> jvmFlagsProblem(List<String> flags) {
        if (flags == null || flags.isEmpty()) {
            return Optional.empty();
        }
        return cache.computeIfAbsent("flags:" + String.join("\u0000", flags), k -> probeFlags(flags));
    }

    private Optional<String> probeFlags(List<String> flags) {
        return probe(flags, "the JVM flags", first -> "the JDK at " + java + " does not start with these flags ("
                + first + ")");
    }

    private Optional<String> probeGc(String gc) {
        return probe(Platform.gcOptions(gc), "GC " + gc, first -> "the JDK at " + java + " does not support GC " + gc
                + " (" + first + ")");
    }

    /**
     * The flag most likely to keep {@code java ARGS -version} alive, as a question for the message: a debugger agent
     * waiting for its debugger ({@code suspend=y}), else an agent (its shutdown hook or a child it started), else none.
     */
    static String suspect(List<String> args) {
        for (String a : args) {
            if (a.contains("suspend=y")) {
                return ": " + a + " waits for a debugger (suspend=y?)";
            }
        }
        for (String a : args) {
            if (a.startsWith("-javaagent:") || a.startsWith("-agentlib:") || a.startsWith("-agentpath:")) {
                return ": does " + a + " keep the JVM alive (a blocking shutdown hook, a child process)?";
            }
        }
        return "";
    }

    /**
     * Starts {@code java ARGS -version}: empty when it starts, else {@code refused} of the first line the JVM said
     * (past its generic "could not create the Java Virtual Machine").
     */
    private Optional<String> probe(List<String> args, String checking, java.util.function.UnaryOperator<String> refused) {
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.addAll(args);
        cmd.add("-version");
        try {
            BoundedCheck.Outcome o = BoundedCheck.run(cmd, limit);
            if (o.timedOut()) {
                return Optional.of("'" + ShellWords.line(cmd) + "' did not exit within " + limit.toSeconds() + " s"
                        + suspect(args));
            }
            String out = o.output();
            if (o.exitCode() == 0) {
                return Optional.empty();
            }
            String first = out.lines().map(String::strip).filter(l -> !l.isBlank())
                    .filter(l -> !l.startsWith("Error: Could not create the Java Virtual Machine")
                            && !l.startsWith("Error: A fatal exception has occurred"))
                    .findFirst().orElse("exit " + o.exitCode());
            return Optional.of(refused.apply(first));
        } catch (IOException e) {
            return Optional.of("could not start " + java + " to check " + checking + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("interrupted while checking " + checking);
        }
    }
}
