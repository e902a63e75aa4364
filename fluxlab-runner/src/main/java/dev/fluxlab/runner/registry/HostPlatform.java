package dev.fluxlab.runner.registry;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The real machine: native transports are asked of Netty itself (by reflection, so the runner does not depend on
 * Netty; the targets run on the same classpath), GC support by starting {@code java -XX:+UseXGC -version} once per
 * collector and remembering the answer.
 */
public final class HostPlatform implements Platform {

    private final String java;
    private final Map<String, Optional<String>> cache = new ConcurrentHashMap<>();

    public HostPlatform(String java) {
        this.java = java;
    }

    public HostPlatform() {
        this(TargetRegistry.java());
    }

    @Override
    public Optional<String> transportProblem(String transport) {
        return cache.computeIfAbsent("transport:" + transport, k -> switch (transport) {
            case "epoll" -> nettyCheck("io.netty.channel.epoll.Epoll", "epoll");
            case "io_uring" -> nettyCheck("io.netty.channel.uring.IoUring", "io_uring");
            default -> Optional.empty();
        });
    }

    private static Optional<String> nettyCheck(String className, String name) {
        try {
            Class<?> c = Class.forName(className);
            boolean available = (Boolean) c.getMethod("isAvailable").invoke(null);
            if (available) {
                return Optional.empty();
            }
            Throwable cause = (Throwable) c.getMethod("unavailabilityCause").invoke(null);
            return Optional.of("the " + name + " transport is not available on this machine ("
                    + (cause == null ? "unknown cause" : rootMessage(cause)) + "); use transport native or nio");
        } catch (ClassNotFoundException e) {
            return Optional.of("the " + name + " transport is not on fluxlab's classpath; use transport native or nio");
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            return Optional.of("the " + name + " transport could not be checked (" + rootMessage(e)
                    + "); use transport native or nio");
        }
    }

    private static String rootMessage(Throwable t) {
        Throwable r = t;
        while (r.getCause() != null && r.getCause() != r) {
            r = r.getCause();
        }
        return r.getClass().getSimpleName() + (r.getMessage() == null ? "" : ": " + r.getMessage());
    }

    @Override
    public Optional<String> gcProblem(String gc) {
        String canonical = Platform.canonicalGc(gc);
        if (canonical == null) {
            return Optional.of("unknown GC '" + gc + "'; accepted: " + String.join(", ", GCS));
        }
        return cache.computeIfAbsent("gc:" + canonical, k -> probeGc(canonical));
    }

    private Optional<String> probeGc(String gc) {
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.addAll(Platform.gcOptions(gc));
        cmd.add("-version");
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return Optional.of("could not check GC " + gc + ": '" + String.join(" ", cmd) + "' did not finish");
            }
            if (p.exitValue() == 0) {
                return Optional.empty();
            }
            String first = out.lines().filter(l -> !l.isBlank()).findFirst().orElse("exit " + p.exitValue());
            return Optional.of("the JDK at " + java + " does not support GC " + gc + " (" + first.strip() + ")");
        } catch (IOException e) {
            return Optional.of("could not start " + java + " to check GC " + gc + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("interrupted while checking GC " + gc);
        }
    }
}
