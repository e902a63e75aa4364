package dev.fluxlab.it;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.RepeatResult;
import dev.fluxlab.model.run.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A suite's own command on a suite host: {@code java HelloServer.java} (suites/examples) as a command target placed on
 * a namespace host ({@link NamespaceLab}, a lab of its own, {@code fxc...-h1}; the namespace shares
 * this machine's files, so the program and its folder are there), found there before the cell, ready by http at the
 * host's address, loaded from this machine by fluxlab's injector: one valid cell whose log says it ran in the host's
 * namespace, and once the run is over no process of it is left in that namespace. Skips without root or without
 * Debian's sshd (this test installs nothing). The namespaces are always removed.
 */
class CommandHostRunTest {

    @RegisterExtension
    static final NamespaceLab lab = NamespaceLab.of("fxc", 1);

    @Test
    void helloServerRunsOnAHostReadyByHttpAndLeavesNothingThere() throws Exception {
        Path examples = lab.root().resolve("suites/examples");
        NamespaceLab.Host h1 = lab.host(1);
        Path suite = lab.suite("cmdhost", """
                targets:
                  hello:
                    command: [%s, -Xmx64m, HelloServer.java, "--port=${port}", "--host=${host}"]
                    cwd: %s
                    ready: {http: /health}
                    stop: {signal: TERM, grace: 3s}
                    host: h1
                scenarios:
                  hello: {method: GET, path: /hello, expect: {status: 200}}
                load: {connections: 2}
                warmup: 2s
                measure: 2s
                thresholds: {require_stable_warmup: false}
                """.formatted(Path.of(System.getProperty("java.home"), "bin", "java"), examples));
        Path out = lab.tmp().resolve("run");
        long t0 = System.nanoTime();
        Fluxlab.Outcome o = Fluxlab.execute("run", "--out", out.toString(), suite.toString());
        System.out.printf("CommandHostRunTest: the run took %.1f s%n%s%n", (System.nanoTime() - t0) / 1e9, o.out());
        assertEquals(0, o.code(), o.out() + o.err());
        assertTrue(o.out().contains("host 'h1': command target 'hello': " + Path.of(System.getProperty("java.home"),
                "bin", "java") + " found, in " + examples), "one line for the command found there: " + o.out());

        RunResult r = Json.read(out.resolve("results.json"), RunResult.class);
        CellResult cell = r.cells().getFirst();
        RepeatResult rep = cell.repeats().getFirst();
        assertTrue(rep.load() != null && rep.load().requestsOk() > 0, "no response crossed the namespaces: "
                + cell.reasons() + "\n" + o.out());
        assertEquals(0, rep.load().errorCount(), "errors: " + rep.load().errors());
        assertTrue(cell.valid(), "one valid cell: " + cell.reasons());
        dev.fluxlab.model.run.ProcessStats hello = rep.processes().stream().filter(x -> x.name().equals("hello"))
                .findFirst().orElseThrow();
        assertTrue(hello.cpuS() > 0 && hello.rssMaxMb() > 0, "the host's agent read its CPU and RSS: " + hello);
        assertTrue(hello.samples() != null && hello.samples().stream().anyMatch(x -> x.compileMs() != null),
                "its JVM's JIT counters were read there: " + hello.samples());
        assertFalse(rep.reasons().stream().anyMatch(x -> x.contains("not a HotSpot JVM")), rep.reasons().toString());
        Path cellDir;
        try (Stream<Path> s = Files.list(out.resolve("cells"))) {
            cellDir = s.filter(Files::isDirectory).sorted().findFirst().orElseThrow();
        }
        lab.assertRanIn(cellDir.resolve("hello-1.log"), 1);
        List<String> log = Files.readAllLines(cellDir.resolve("hello-1.log"));
        assertTrue(log.stream().anyMatch(l -> l.contains("HelloServer started on " + h1.address() + ":")),
                "it bound the host's address: " + log);
        assertTrue(Files.readString(cellDir.resolve("hello-1.cmd")).contains("# the suite's own command, on host 'h1'"));
        List<String> left = lab.processes(h1).stream().map(NamespaceLab.Proc::cmdline).toList();
        assertFalse(left.stream().anyMatch(c -> c.contains("HelloServer")),
                "nothing of the command is left on the host: " + left);
    }
}
