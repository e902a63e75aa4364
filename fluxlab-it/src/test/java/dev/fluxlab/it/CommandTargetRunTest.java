package dev.fluxlab.it;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.FigureName;
import dev.fluxlab.model.run.FigureValue;
import dev.fluxlab.model.run.ProcessStats;
import dev.fluxlab.model.run.RunResult;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * A suite's own server as a target ({@code command:}): the JDK httpserver of the example suite run from its source
 * file ({@code java HelloServer.java}) and a Python server (not a JVM) started by their commands, ready by HTTP and by a
 * log line; ready by their port, and the runner's Ctrl-C and kill -9 leaving no process of theirs behind.
 */
class CommandTargetRunTest {

    /** The JDK running the tests (the one on the PATH may be older than the example's Java 21). */
    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    private static final Path EXAMPLES = Path.of("../suites/examples").toAbsolutePath().normalize();
    /** A Python HTTP server that is silent per request; its first argument is the port. */
    private static final String PYTHON_SERVER = String.join("\n",
            "import http.server, sys",
            "class H(http.server.BaseHTTPRequestHandler):",
            "    protocol_version = 'HTTP/1.1'",
            "    def do_GET(self):",
            "        b = b'Hello, World!'",
            "        self.send_response(200)",
            "        self.send_header('Content-Type', 'text/plain')",
            "        self.send_header('Content-Length', str(len(b)))",
            "        self.end_headers()",
            "        self.wfile.write(b)",
            "    def log_message(self, *a):",
            "        pass",
            "s = http.server.ThreadingHTTPServer(('127.0.0.1', int(sys.argv[1])), H)",
            "print('python serving on', s.server_port, flush=True)",
            "s.serve_forever()");

    private static String javaTarget(String name, String ready) {
        return "  " + name + ":\n"
                + "    command: [" + JAVA + ", -Xmx64m, HelloServer.java, \"--port=${port}\", \"--executor=${executor}\"]\n"
                + "    knobs: {executor: fixed}\n"
                + "    cwd: " + EXAMPLES + "\n"
                + "    ready: " + ready + "\n"
                + "    stop: {signal: TERM, grace: 3s}\n";
    }

    private static String pythonTarget(String name, String ready) {
        return "  " + name + ":\n"
                + "    command: [python3, -c, " + Json.write(PYTHON_SERVER) + ", \"${port}\"]\n"
                + "    ready: " + ready + "\n"
                + "    stop: {signal: INT, grace: 3s}\n";
    }

    private static boolean python() {
        return Optional.ofNullable(System.getenv("PATH")).stream().flatMap(p -> List.of(p.split(":")).stream())
                .anyMatch(d -> Files.isExecutable(Path.of(d, "python3")));
    }

    @Test
    void aJavaAndAPythonServerRunAsTargetsReadyByHttpAndByLog(@TempDir Path tmp) throws Exception {
        Assumptions.assumeTrue(python(), "python3 is not on the PATH (Debian: apt-get install python3; scripts/test.sh installs it): "
                + "the non-JVM command target is not tested");
        Path suite = Files.writeString(tmp.resolve("own.yaml"), "name: own\nfork: shared\ntargets:\n"
                + javaTarget("java-http", "{http: /health}")
                + pythonTarget("python-log", "{log: 'python serving on [0-9]+'}")
                + """
                scenarios:
                  hello: {path: /hello, expect: {status: 200, body: "Hello, World!"}}
                  health: {path: /health, expect: {status: 200}}
                exclude:
                  - {target: python-log, scenario: health}
                load: {connections: 4}
                warmup: 1s
                measure: 2s
                startup_timeout: 60s
                """);
        Path out = tmp.resolve("run");
        Fluxlab.Outcome o = Fluxlab.execute("run", "--out", out.toString(), suite.toString());
        assertEquals(0, o.code(), o.out() + o.err());
        RunResult r = Json.read(out.resolve("results.json"), RunResult.class);
        Map<String, CellResult> byTarget = new java.util.LinkedHashMap<>();
        r.cells().forEach(c -> byTarget.putIfAbsent(c.knobs().get("target") + "/" + c.knobs().get("scenario"), c));
        assertEquals(3, r.cells().size(), byTarget.keySet().toString());
        for (CellResult c : r.cells()) {
            assertTrue(c.valid(), c.id() + ": " + c.reasons());
            assertTrue(c.repeats().getFirst().load().requestsOk() > 0, c.id());
            ProcessStats target = c.repeats().getFirst().processes().getFirst();
            assertTrue(target.cpuS() > 0 && target.rssMaxMb() > 1, c.id() + ": the process tree's CPU and RSS");
        }
        CellResult java = byTarget.get("java-http/hello");
        assertEquals("http /health", java.repeats().getFirst().readiness().get("java-http").get("ready"));
        assertEquals(1, FigureValue.of(FigureName.parse("jit_ms"), java).n(), "the HotSpot JVM's JIT evidence");
        assertNotNull(java.repeats().getFirst().processes().getFirst().gcPauses(), "its GC log was read");
        assertFalse(java.reasons().stream().anyMatch(x -> x.contains("not a HotSpot JVM")), java.reasons().toString());
        assertEquals(java.id(), byTarget.get("java-http/health").repeats().getFirst().targetsFrom(),
                "fork: shared ran the second scenario on the same server");
        for (String p : List.of("python-log/hello")) {
            CellResult c = byTarget.get(p);
            assertEquals(0, FigureValue.of(FigureName.parse("jit_ms"), c).n(), p + ": no JIT evidence");
            assertNull(c.repeats().getFirst().processes().getFirst().gcPauses(), p);
            assertTrue(c.reasons().stream().anyMatch(x -> x.contains(
                    "not a HotSpot JVM: no JIT evidence, warm-up by throughput only")), p + ": " + c.reasons());
        }
        String cmd = Files.readString(out.resolve(java.dir()).resolve("java-http-1.cmd"));
        assertTrue(cmd.contains("in " + EXAMPLES) && cmd.contains(JAVA + " -Xmx64m HelloServer.java --port="), cmd);
    }

    @Test
    void aServerThatNeverBecomesReadyIsAnInvalidCellWithItsLastLogLines(@TempDir Path tmp) throws Exception {
        Path suite = Files.writeString(tmp.resolve("never.yaml"), "name: never\ntargets:\n"
                + "  sh-log:\n    command: [sh, -c, 'echo starting on $0; exec sleep 60', \"${port}\"]\n"
                + "    ready: {log: 'this line never comes'}\n    stop: {grace: 1s}\n"
                + "scenarios: {hello: {path: /hello}}\nload: {connections: 1}\nwarmup: 1s\nmeasure: 1s\n"
                + "startup_timeout: 5s\n");
        Path out = tmp.resolve("run");
        Fluxlab.Outcome o = Fluxlab.execute("run", "--out", out.toString(), suite.toString());
        RunResult r = Json.read(out.resolve("results.json"), RunResult.class);
        CellResult c = r.cells().getFirst();
        assertFalse(c.valid(), o.out());
        String why = String.join("\n", c.reasons());
        assertTrue(why.contains("was not ready (log 'this line never comes' on port ") && why.contains("within 5s")
                && why.contains("last lines of its log:\n  starting on "), why);
    }

    @Test
    void ctrlCOfTheRunnerLeavesNoProcessOfTheCommandBehind(@TempDir Path tmp) throws Exception {
        leavesNothingBehind(tmp, "INT", javaTarget("server", "{port: true}"), "HelloServer.java");
    }

    @Test
    void killMinus9OfTheRunnerLeavesNoProcessOfTheCommandBehind(@TempDir Path tmp) throws Exception {
        // a program that is no JVM (so nothing of fluxlab's own can stop it) when python3 is here, else the JVM one
        leavesNothingBehind(tmp, "KILL", python() ? pythonTarget("server", "{port: true}")
                : javaTarget("server", "{port: true}"), python() ? "http.server" : "HelloServer.java");
    }

    /**
     * Starts {@code fluxlab run} as a process of its own group, waits until its command target serves, then sends
     * {@code signal}: SIGINT to the whole group (a terminal's Ctrl-C), SIGKILL to the runner alone; every process the
     * runner had started by then (the server, the injector, the watchdog) must be gone within the server's grace.
     */
    private static void leavesNothingBehind(Path tmp, String signal, String target, String marker)
            throws Exception {
        Path suite = Files.writeString(tmp.resolve("long.yaml"), "name: long\ntargets:\n"
                + target
                + "scenarios: {hello: {path: /hello}}\nload: {connections: 2}\nwarmup: 1s\nmeasure: 60s\n"
                + "startup_timeout: 60s\n");
        List<String> cmd = new ArrayList<>(List.of("setsid", Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), "dev.fluxlab.cli.Main", "run", "--out",
                tmp.resolve("run").toString(), suite.toString()));
        Process runner = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(tmp.resolve("runner.log").toFile()).start();
        try {
            List<ProcessHandle> started = awaitServer(runner, tmp.resolve("runner.log"));
            assertTrue(started.stream().anyMatch(h -> commandLine(h).contains(marker)), "the server");
            assertTrue(started.stream().anyMatch(h -> commandLine(h).contains("fluxlab-watchdog")), "its watchdog");
            ProcessBuilder kill = signal.equals("INT")
                    ? new ProcessBuilder("kill", "-s", "INT", "--", "-" + runner.pid()) // the whole group, as Ctrl-C
                    : new ProcessBuilder("kill", "-s", "KILL", Long.toString(runner.pid())); // the runner alone
            assertEquals(0, kill.start().waitFor());
            assertTrue(runner.waitFor(30, TimeUnit.SECONDS), "the runner ended");
            if (signal.equals("INT")) {
                assertEquals(130, runner.exitValue(), Files.readString(tmp.resolve("runner.log")));
            }
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            List<ProcessHandle> left = started;
            while (System.nanoTime() < deadline && !(left = alive(started)).isEmpty()) {
                Thread.sleep(200);
            }
            assertEquals(List.of(), left.stream().map(h -> h.pid() + " " + commandLine(h)).toList(),
                    "processes left behind after SIG" + signal + " of the runner");
        } finally {
            runner.descendants().forEach(ProcessHandle::destroyForcibly);
            runner.destroyForcibly();
        }
    }

    /** The runner's descendants once its command target serves and the load has begun (bounded). */
    private static List<ProcessHandle> awaitServer(Process runner, Path log) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        while (System.nanoTime() < deadline && runner.isAlive()) {
            boolean serving = runner.descendants().anyMatch(h -> commandLine(h).contains("--json")
                    || commandLine(h).contains("load-session")); // the injector: the server was ready
            if (serving) {
                Thread.sleep(1000); // its load under way
                return runner.descendants().collect(Collectors.toList());
            }
            Thread.sleep(200);
        }
        fail("the command target did not start: " + Files.readString(log));
        return List.of();
    }

    private static List<ProcessHandle> alive(List<ProcessHandle> handles) {
        return handles.stream().filter(ProcessHandle::isAlive).toList();
    }

    private static String commandLine(ProcessHandle h) {
        try {
            return Files.readString(Path.of("/proc", Long.toString(h.pid()), "cmdline")).replace('\0', ' ');
        } catch (IOException e) {
            return h.info().commandLine().orElse("?");
        }
    }
}
