package dev.fluxlab.runner.process;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * A short command the runner starts to check something ({@code java FLAGS -version}) and must never wait on forever:
 * it gets {@code limit} to exit, its output is read with a deadline and kept up to {@value #KEPT_BYTES} bytes (a
 * descendant that inherited its stdout, or a never-ending stream, cannot hold the reader), and it and every
 * descendant it started are killed by PID when it overstays, once it has exited, when the check is interrupted, or
 * when the runner itself is stopped meanwhile (SIGTERM). A debugger agent with {@code suspend=y} or an agent whose
 * shutdown hook blocks had hung {@code fluxlab run} with no output.
 */
public final class BoundedCheck {

    /** Output kept for the answer; the rest is read and dropped. */
    static final int KEPT_BYTES = 64 * 1024;
    private static final Duration DRAIN = Duration.ofSeconds(2);

    /** How a check ended: {@code exitCode} null when it did not exit within its limit (it was killed). */
    public record Outcome(Integer exitCode, String output) {
        public boolean timedOut() {
            return exitCode == null;
        }
    }

    private BoundedCheck() {
    }

    /** Runs {@code command} (stdin empty, stderr merged into stdout) for at most {@code limit}. */
    public static Outcome run(List<String> command, Duration limit) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        Set<ProcessHandle> seen = ConcurrentHashMap.newKeySet();
        Thread onRunnerExit = new Thread(() -> killAll(p, seen));
        Runtime.getRuntime().addShutdownHook(onRunnerExit);
        ByteArrayOutputStream kept = new ByteArrayOutputStream();
        Thread reader = Thread.ofVirtual().start(() -> drain(p.getInputStream(), kept));
        try {
            long deadline = System.nanoTime() + limit.toNanos();
            boolean exited = false;
            while (!exited && System.nanoTime() < deadline) {
                // descendants are remembered while they can be found: once their parent is gone they are not
                p.descendants().forEach(seen::add);
                exited = p.waitFor(Math.min(50, Math.max(1, (deadline - System.nanoTime()) / 1_000_000)),
                        TimeUnit.MILLISECONDS);
            }
            killAll(p, seen);
            reader.join(DRAIN);
            String out;
            synchronized (kept) {
                out = kept.toString(StandardCharsets.UTF_8);
            }
            return new Outcome(exited ? p.exitValue() : null, out);
        } finally {
            killAll(p, seen);
            try {
                Runtime.getRuntime().removeShutdownHook(onRunnerExit);
            } catch (IllegalStateException e) {
                // the runner is exiting: the hook runs
            }
        }
    }

    /** SIGKILL to whatever of the check is still alive: its descendants first, then itself. */
    private static void killAll(Process p, Set<ProcessHandle> seen) {
        if (p.isAlive()) {
            p.descendants().forEach(seen::add);
        }
        seen.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
        if (p.isAlive()) {
            p.destroyForcibly();
            try {
                p.waitFor(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static void drain(InputStream in, ByteArrayOutputStream kept) {
        byte[] buf = new byte[8192];
        try (in) {
            int n;
            while ((n = in.read(buf)) >= 0) {
                synchronized (kept) {
                    int room = KEPT_BYTES - kept.size();
                    if (room > 0) {
                        kept.write(buf, 0, Math.min(room, n));
                    }
                }
            }
        } catch (IOException e) {
            // the check ended or was killed: keep what was read
        }
    }
}
