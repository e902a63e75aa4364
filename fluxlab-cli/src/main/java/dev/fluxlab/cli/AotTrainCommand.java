package dev.fluxlab.cli;

import dev.fluxlab.runner.process.JdkFlags;
import dev.fluxlab.model.ParentWatch;
import dev.fluxlab.model.Readiness;
import dev.fluxlab.model.ReadinessAttributes;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * {@code fluxlab aot-train} (hidden): the training workload of the injector's JDK 25 AOT cache. The {@code fluxlab}
 * launcher runs it once per build in a JVM started with {@code -XX:AOTCacheOutput}; the JVM writes the classes it
 * loaded and linked and the method profiles it gathered into the cache when it exits, and every injector JVM started
 * with {@code -XX:AOTCache} then begins with them (JEP 483, JEP 515).
 *
 * <p>Why: an injector JVM is fresh in every cell. Without the cache its JIT was still compiling its own hot path in the
 * measured phase (median 34-41 ms, up to 337 ms of compile time in a 4 s window of the quick suite), CPU taken from
 * the target on a 2-core machine; with it, a median of 4-17 ms in three quick runs (docs/injector.md has the figures,
 * and what the cache does not change: the A/A pairs follow the machine's own speed).
 *
 * <p>The workload: the injector's own paths against two local {@code serve reactor-netty} targets in child JVMs
 * (HTTP/1.1 closed, pipelined and open model, h2c, and h2 over TLS), {@code --seconds} each after a 1 s warm-up. The targets are not part of the cache: they run
 * in their own JVMs without it.
 */
@Command(name = "aot-train", hidden = true, mixinStandardHelpOptions = true,
        description = "Training workload of the injector's AOT cache (run by the fluxlab launcher, once per build).")
public final class AotTrainCommand implements Callable<Integer> {

    @Option(names = "--seconds", defaultValue = "2", description = "Measured seconds of each workload (default: ${DEFAULT-VALUE}).")
    int seconds;

    @Override
    public Integer call() throws Exception {
        if (seconds < 1 || seconds > 60) {
            System.err.println("aot-train: --seconds must be 1-60, not " + seconds);
            return 2;
        }
        List<Process> servers = new ArrayList<>();
        try {
            // one port answers HTTP/1.1 and h2c (prior knowledge), the other h2 over TLS; both JVMs start at once
            // (each start is mostly one JVM's single-threaded class loading: side by side on 2 cores, ~2 s sooner)
            Process plainServer = serve("http1.1+h2c", servers);
            Process tlsServer = serve("h2", servers);
            String plain = "http://127.0.0.1:" + port(plainServer, "http1.1+h2c");
            String tls = "https://127.0.0.1:" + port(tlsServer, "h2");
            String d = seconds + "s";
            List<List<String>> loads = List.of(
                    List.of(plain + "/plaintext", "-c", "16", "--threads", "2", "-d", d),
                    List.of(plain + "/json", "-c", "64", "--threads", "2", "-d", d),
                    List.of(plain + "/plaintext", "-c", "16", "-m", "16", "--threads", "2", "-d", d),
                    List.of(plain + "/plaintext", "-c", "16", "--threads", "2", "--rate", "20000", "-d", d),
                    List.of(plain + "/plaintext", "--protocol", "h2c", "-c", "4", "-m", "16", "--threads", "2", "-d", d),
                    List.of(plain + "/json", "--protocol", "h2c", "-c", "64", "-m", "4", "--threads", "2", "-d", d),
                    List.of(tls + "/plaintext", "--protocol", "h2", "--insecure", "-c", "8", "-m", "8", "--threads",
                            "2", "-d", d));
            for (List<String> load : loads) {
                List<String> args = new ArrayList<>(List.of("load", "--warmup", "1s", "--progress", "none"));
                args.addAll(load);
                System.out.println("aot-train: fluxlab " + String.join(" ", args));
                int code = Main.commandLine().execute(args.toArray(String[]::new));
                if (code != 0) {
                    System.err.println("aot-train: the load above exited with " + code);
                    return 1;
                }
            }
            return 0;
        } finally {
            for (Process p : servers) {
                p.destroy();
            }
            for (Process p : servers) {
                if (!p.waitFor(10, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                }
            }
        }
    }

    /** Starts {@code serve reactor-netty} for {@code protocol} in a child JVM on an ephemeral loopback port. */
    private static Process serve(String protocol, List<Process> servers) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new ArrayList<>(List.of(java, "--enable-native-access=ALL-UNNAMED"));
        cmd.addAll(JdkFlags.forFeature(Runtime.version().feature()));
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(), "serve",
                "reactor-netty", "--host", "127.0.0.1", "--port", "0", "--protocol=" + protocol));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        Map<String, String> env = pb.environment();
        env.put(ParentWatch.ENV, Long.toString(ProcessHandle.current().pid())); // it dies with this JVM
        Process p = pb.start();
        servers.add(p);
        return p;
    }

    /** The port {@code server} announces in its readiness line (within 60 s); its output is drained from then on. */
    private static int port(Process server, String protocol) throws IOException {
        BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        String line;
        while (System.nanoTime() < deadline && (line = out.readLine()) != null) {
            Integer port = Readiness.parse(line).flatMap(ReadinessAttributes::port).orElse(null);
            if (port != null) {
                Thread drain = new Thread(() -> drain(out), "aot-train-" + protocol);
                drain.setDaemon(true);
                drain.start();
                return port;
            }
        }
        throw new IOException("the " + protocol + " target printed no readiness line within 60 s");
    }

    private static void drain(BufferedReader out) {
        try {
            while (out.readLine() != null) {
                // the target's log is not needed; reading it keeps its pipe from filling
            }
        } catch (IOException ignored) {
            // the target stopped
        }
    }
}
