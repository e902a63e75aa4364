package dev.fluxlab.it;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.profile.CollapsedStacks;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.ProcessProfile;
import dev.fluxlab.model.run.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code profile: cpu} on a suite's own command: a shell that starts the JDK httpserver ({@code java HelloServer.java})
 * as its child, so the JVM is found in the tree, not at its root; fluxlab did not start it with the profiler, attaches
 * to it when the measured window opens, and gets a flame graph of the server's own work. A tree without a JVM is named
 * in the profiles with the reason (runner's ProfileSessionTest).
 */
class CommandTargetProfileTest {

    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    private static final Path EXAMPLES = Path.of("../suites/examples").toAbsolutePath().normalize();

    @Test
    void theJvmOfACommandIsAttachedAndProfiled(@TempDir Path tmp) throws Exception {
        Path suite = Files.writeString(tmp.resolve("own-profiled.yaml"), "name: own-profiled\ntargets:\n"
                + "  java-http:\n"
                + "    command: [sh, -c, '\"$0\" -Xmx64m HelloServer.java --port=\"$1\" & wait', " + JAVA
                + ", \"${port}\"]\n"
                + "    cwd: " + EXAMPLES + "\n"
                + "    ready: {http: /health}\n"
                + "    stop: {signal: TERM, grace: 3s}\n"
                + """
                scenarios:
                  hello: {path: /hello, expect: {status: 200, body: "Hello, World!"}}
                load: {connections: 4}
                warmup: 1s
                measure: 3s
                startup_timeout: 60s
                profile: cpu
                """);
        Path out = tmp.resolve("run");
        Fluxlab.Outcome o = Fluxlab.execute("run", "--out", out.toString(), suite.toString());
        assertEquals(0, o.code(), o.out() + o.err());
        RunResult r = Json.read(out.resolve("results.json"), RunResult.class);
        CellResult cell = r.cells().getFirst();
        assertNotNull(cell.profiles(), o.out());
        Map<String, ProcessProfile> byProcess = cell.profiles().getFirst().processes().stream()
                .collect(Collectors.toMap(ProcessProfile::process, p -> p));
        assertEquals(java.util.Set.of("java-http", "injector"), byProcess.keySet());
        ProcessProfile p = byProcess.get("java-http");
        assertNull(p.problem(), p.problem());
        assertTrue(List.of("ctimer", "itimer").contains(p.event()), p.event());
        assertTrue(Files.size(out.resolve(p.flameGraph())) > 10_000, "its flame graph");
        CollapsedStacks stacks = CollapsedStacks.read(out.resolve(p.collapsed()));
        assertTrue(stacks.total() > 0, "samples of the attached JVM");
        long server = stacks.stacks().entrySet().stream().filter(e -> e.getKey().contains("sun/net/httpserver")
                || e.getKey().contains("sun.net.httpserver")).mapToLong(Map.Entry::getValue).sum();
        assertTrue(server > 0, "the samples are the httpserver's own work: top " + p.top());
    }
}
