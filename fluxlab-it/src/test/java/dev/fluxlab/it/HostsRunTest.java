package dev.fluxlab.it;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.Readiness;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.RepeatResult;
import dev.fluxlab.model.run.RunHost;
import dev.fluxlab.model.run.RunResult;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.TestMethodOrder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code fluxlab run} with every role on its own host: four network-namespace hosts ({@link NamespaceLab}, a lab of
 * its own, {@code fxe2e...-h1..4}, beside any other), an h2-proxy-like suite with
 * the backend on the first, the frontend on the second and the injector on the third; two injectors on the third,
 * then two injectors spread over the third and the fourth. The warm-up is automatic (bounded, {@link #AUTO_WARMUP}):
 * the injector cannot read the JVMs on the other hosts, so the runner holds it at its start gate until their JIT,
 * read by those hosts' agents, is quiet; a cold proxy chain on a busy 2-core machine answers nothing in its first
 * seconds. Each process's log starts with
 * its host's own report (the wrapper's line: PID and network namespace there), which must be the namespace of the
 * host it was placed on; the traffic crosses the namespaces with zero errors. Then a Ctrl-C in the middle of a run
 * leaves no process in any namespace. The namespaces are always removed. Needs root and sshd (CI runs the tests as root
 * and installs openssh-server through scripts/test.sh); skipped without them.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class HostsRunTest {

    /**
     * The warm-up of the run whose figures are checked: automatic, so the runner holds the injectors at their gate
     * while the remote JVMs compile, and bounded. The remote JIT of a cold chain was never quiet within the bound on
     * this machine, so every cell paid it whole; 8 s instead of 15 s (three cells, 21 s less) still outlasts the
     * first seconds in which a cold chain answers nothing (responses from the 3rd second in a run on a loaded machine).
     */
    private static final String AUTO_WARMUP = """
            warmup: auto
            warmup_max: 8s
            thresholds: {require_stable_warmup: false}
            """;

    @RegisterExtension
    static final NamespaceLab lab = NamespaceLab.of("fxe2e", 4).withFreshFirstHost(); // it checks h1's first shipment

    /**
     * A suite placing backend, frontend and injector on hosts 1, 2 and 3, with {@code load} and {@code warmup} (its
     * lines) and {@code measure}.
     */
    private Path suite(String name, String load, String warmup, String measure) throws IOException {
        return lab.suite(name, """
                targets:
                  proxy:
                    entry: frontend
                    processes:
                      backend:
                        target: reactor-netty
                        knobs: {protocol: h2, workers: 1, transport: nio}
                        jvm: {heap: 96m}
                        host: h1
                      frontend:
                        target: frontend
                        knobs: {backend-url: "https://${backend.host}:${backend.port}", workers: 1, transport: nio}
                        jvm: {heap: 96m}
                        host: h2
                scenarios:
                  Get: {method: GET, path: /get, expect: {status: 200, body: "fluxlab get ok"}}
                """ + load + "fork: shared\n" + warmup + "measure: " + measure + "\n");
    }

    @Test
    @Order(1)
    void everyRoleRunsOnItsHostWithZeroErrors() throws Exception {
        Path suite = suite("placed", """
                load:
                  - {connections: 2, in_flight: 4, host: h3}
                  - {connections: 2, in_flight: 4, injectors: 2, host: h3}
                  - {connections: 3, in_flight: 4, injectors: 2, host: [h3, h4]}
                """, AUTO_WARMUP, "2s");
        Path out = lab.tmp().resolve("run1");
        Fluxlab.Outcome o = Fluxlab.execute("run", "--out", out.toString(), suite.toString());
        assertEquals(0, o.code(), o.out() + o.err());
        assertTrue(o.out().contains("host 'h1': shipped"), o.out());

        RunResult r = Json.read(out.resolve("results.json"), RunResult.class);
        assertEquals("complete", r.status());
        assertEquals(List.of("h1", "h2", "h3", "h4"), r.hosts().stream().map(RunHost::name).toList());
        for (RunHost h : r.hosts()) {
            assertTrue(Math.abs(h.clockOffsetUs()) <= h.clockUncertaintyUs() + 1_000,
                    h.name() + ": namespaces share this kernel's clock, offset " + h.clockOffsetUs());
            assertNotNull(h.agentCpuCores(), h.name() + ": the agent's own CPU is measured");
            System.out.printf("host %s: agent CPU %.4f cores, clock offset %d us +- %d%n", h.name(),
                    h.agentCpuCores(), h.clockOffsetUs(), h.clockUncertaintyUs());
        }
        CellResult cell = r.cells().getFirst();
        RepeatResult rep = cell.repeats().getFirst();
        assertTrue(cell.valid(), cell.reasons().toString());
        assertTrue(rep.load().requestsOk() > 0, "no response crossed the namespaces");
        assertEquals(0, rep.load().errorCount(), "errors: " + rep.load().errors());
        assertEquals(address(1), rep.readiness().get("backend").get(Readiness.HOST));
        assertEquals(address(2), rep.readiness().get("frontend").get(Readiness.HOST));
        Path cellDir = cellDir(out);
        lab.assertRanIn(cellDir.resolve("backend-1.log"), 1);
        lab.assertRanIn(cellDir.resolve("frontend-1.log"), 2);
        lab.assertRanIn(cellDir.resolve("injector-1.log"), 3);
        assertTrue(Files.size(cellDir.resolve("backend-1-gc.log")) > 0, "the backend's GC log came back");
        rep.processes().forEach(p -> assertTrue(p.cpuS() > 0, p.name() + ": its host's agent measured no CPU"));
        List<String> cmd = Files.readAllLines(cellDir.resolve("backend-1.cmd"));
        assertTrue(cmd.get(1).startsWith("# on host 'h1'") && cmd.get(2).startsWith(System.getProperty("java.home"))
                && cmd.get(2).contains(lab.workDir(1).toString()), "the command that ran on h1: " + cmd);
        assertEquals(java.util.Set.of("h1", "h2", "h3"), rep.hostMachines().keySet(), "each host's machine CPU");
        // the injector on h3 cannot read the JVMs on h1 and h2: the runner adds their JIT from the hosts' agents
        List<dev.fluxlab.model.load.WatchedJvm> remoteJit = rep.load().watchedJvms().stream()
                .filter(w -> w.role().equals("target")).toList();
        assertEquals(2, remoteJit.size(), rep.load().watchedJvms().toString());
        remoteJit.forEach(w -> assertTrue(w.measured() != null && w.measured().compiles() >= 0
                && w.measured().seconds() > 0, "the measured phase's JIT of " + w));
        rep.hostMachines().forEach((h, m) -> assertTrue(m.busyCores() > 0 && m.cores() > 0, h + ": " + m));

        // two injectors on h3, started together at the gate opened on that host: the merged row is their sum
        RepeatResult two = r.cells().get(1).repeats().getFirst();
        assertEquals(2, two.injectors().size());
        assertEquals(two.injectors().stream().mapToLong(l -> l.requestsOk()).sum(), two.load().requestsOk());
        assertEquals(0, two.load().errorCount());
        assertTrue(two.placement().stream().filter(pl -> pl.process().startsWith("injector"))
                .allMatch(pl -> "h3".equals(pl.host())), two.placement().toString());
        assertNotNull(two.injectorStartSpreadMs(), "the injectors' start spread is recorded");
        // each injector's CPU per response is over its own responses, not the merged row's
        for (int i = 0; i < 2; i++) {
            String name = "injector-" + (i + 1);
            var stats = two.processes().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
            var own = two.injectors().get(i);
            assertEquals(stats.cpuS() * 1e6 / own.requestsOk(), stats.cpuPerRequestUs(),
                    0.05 * stats.cpuPerRequestUs() + 1, name + ": " + stats.cpuPerRequestUs() + " vs "
                            + own.requestsOk() + " responses");
        }

        // two injectors on two hosts (2 + 1 connections), released by one gate copied to both: each ran where it was
        // placed, says its own log, and the merged row is their sum
        RepeatResult spread = r.cells().get(2).repeats().getFirst();
        assertEquals(List.of(2, 1), spread.injectors().stream().map(l -> l.connections()).toList());
        assertTrue(spread.injectors().stream().allMatch(l -> l.requestsOk() > 0), spread.reasons().toString());
        assertEquals(spread.injectors().stream().mapToLong(l -> l.requestsOk()).sum(), spread.load().requestsOk());
        assertEquals(0, spread.load().errorCount(), "errors: " + spread.load().errors());
        assertEquals(List.of("h3", "h4"), spread.placement().stream().filter(pl -> pl.process().startsWith("injector"))
                .map(pl -> pl.host()).toList());
        Path spreadDir = cellDir(out, 2);
        lab.assertRanIn(spreadDir.resolve("injector-1-1.log"), 3);
        lab.assertRanIn(spreadDir.resolve("injector-2-1.log"), 4);
        assertTrue(spread.injectorStartSpreadMs() != null && spread.injectorStartSpreadMs() < 1_000,
                "measured phases started together across hosts: " + spread.injectorStartSpreadMs() + " ms apart");
        System.out.printf("two hosts: merged %d = %d + %d responses, started %d ms apart%n",
                spread.load().requestsOk(), spread.injectors().get(0).requestsOk(),
                spread.injectors().get(1).requestsOk(), spread.injectorStartSpreadMs());
        assertTrue(Files.readString(out.resolve("summary.md")).contains("## Hosts"), "the report lists the hosts");
    }

    @Test
    @Order(2)
    void ctrlCInTheMiddleLeavesNoProcessOnAnyHost() throws Exception {
        // a fixed warm-up: this run is interrupted as soon as it measures, whatever its figures
        Path suite = suite("interrupted", "load: {connections: 2, in_flight: 4, host: h3}\n", "warmup: 1s\n", "60s");
        Path out = lab.tmp().resolve("run2");
        Process runner = Fluxlab.start(lab.root(), lab.tmp().resolve("run2.out"), "run", "--out", out.toString(),
                suite.toString());
        try {
            awaitMeasuring(runner, out, lab.tmp().resolve("run2.out"));
            assertFalse(remoteProcesses().isEmpty(), "the roles should be running on the hosts now");
            new ProcessBuilder("kill", "-INT", Long.toString(runner.pid())).start().waitFor();
            assertTrue(runner.waitFor(60, TimeUnit.SECONDS), "the runner did not stop after Ctrl-C");
        } finally {
            runner.destroyForcibly().waitFor();
        }
        String printed = Files.readString(lab.tmp().resolve("run2.out"));
        assertEquals(130, runner.exitValue(), printed);
        assertFalse(printed.contains("nothing was started"), printed);
        for (int i = 1; i <= lab.hosts().size(); i++) {
            Path runs = lab.workDir(i).resolve("runs");
            try (Stream<Path> left = Files.isDirectory(runs) ? Files.list(runs) : Stream.empty()) {
                assertEquals(List.of(), left.toList(), "every host's run folder is removed after Ctrl-C");
            }
        }
        assertTrue(printed.contains("hosts: nothing to ship, fluxlab's"), "a second run ships nothing: " + printed);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!remoteProcesses().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
        assertEquals(List.of(), remoteProcesses(), "processes left in the hosts' namespaces after Ctrl-C");
        assertEquals("interrupted", Json.read(out.resolve("results.json"), RunResult.class).status());
    }

    /**
     * A host's agent killed in the middle of a cell (its ssh session ends with it, as when the connection drops): the
     * runner starts it again, the cell measured across the gap is invalid naming the host and the gap, and the next
     * cell's remote target is observed as before (CPU measured, no reason), where it had been invalid or, before that,
     * valid with the remote CPU NaN and no word (issue 38, finding 3).
     */
    @Test
    @Order(3)
    void aHostAgentThatDiesIsStartedAgainAndOnlyTheCellAcrossTheGapIsInvalid() throws Exception {
        Path suite = lab.suite("agent-drop", """
                targets:
                  back:
                    target: reactor-netty
                    knobs: {workers: [1, 2], transport: nio}
                    jvm: {heap: 96m}
                    host: h1
                scenarios:
                  Get: {path: /plaintext}
                load: {connections: 2, in_flight: 1}
                fork: per-cell
                warmup: 1s
                measure: 6s
                thresholds: {require_stable_warmup: false}
                """);
        Path out = lab.tmp().resolve("run3");
        Process runner = Fluxlab.start(lab.root(), lab.tmp().resolve("run3.out"), "run", "--out", out.toString(),
                suite.toString());
        try {
            awaitMeasuring(runner, out, lab.tmp().resolve("run3.out"));
            List<String> agents = lab.processes(lab.host(1)).stream()
                    .filter(p -> p.cmdline().endsWith("dev.fluxlab.cli.Main agent")).map(p -> p.pid()).toList();
            assertEquals(1, agents.size(), "one agent on h1: " + agents);
            NamespaceLab.sh("kill -KILL " + agents.getFirst());
            assertTrue(runner.waitFor(240, TimeUnit.SECONDS), "the run did not end");
        } finally {
            runner.destroyForcibly().waitFor();
        }
        String printed = Files.readString(lab.tmp().resolve("run3.out"));
        RunResult r = Json.read(out.resolve("results.json"), RunResult.class);
        assertEquals("complete", r.status(), printed);
        CellResult across = r.cells().get(0);
        assertFalse(across.valid(), "the cell measured across the gap: " + across.reasons());
        assertTrue(across.reasons().stream().anyMatch(s -> s.contains("host 'h1'")
                && (s.contains("was started again") || s.contains("has ended"))), across.reasons().toString());
        CellResult after = r.cells().get(1);
        assertTrue(after.valid(), "the next cell is observed by the new agent: " + after.reasons());
        assertTrue(after.reasons().stream().noneMatch(s -> s.contains("agent")), after.reasons().toString());
        after.repeats().getFirst().processes().stream().filter(p -> p.name().equals("back"))
                .forEach(p -> assertTrue(p.cpuS() > 0, "the remote target's CPU is read again: " + p));
    }

    /** Waits (at most 180 s) until the run in {@code out} measures, failing with what it printed if it never does. */
    private static void awaitMeasuring(Process runner, Path out, Path printed) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
        while (!measuring(out) && System.nanoTime() < deadline && runner.isAlive()) {
            Thread.sleep(200);
        }
        assertTrue(measuring(out), "the run never reached its measured phase: " + Files.readString(printed));
    }

    /** Whether the injector of the run in {@code out} has printed its measured phase's first progress line. */
    private static boolean measuring(Path out) throws IOException {
        if (!Files.isDirectory(out.resolve("cells"))) {
            return false;
        }
        try (Stream<Path> s = Files.walk(out.resolve("cells"))) {
            for (Path log : s.filter(p -> p.getFileName().toString().equals("injector-1.log")).toList()) {
                if (Files.readString(log).contains("phase=measure")) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Every process in the lab's namespaces other than their sshd servers, as {@code ns: pid comm}. */
    private List<String> remoteProcesses() throws Exception {
        List<String> left = new ArrayList<>();
        for (NamespaceLab.Host h : lab.hosts()) {
            lab.processes(h).forEach(p -> left.add(h.namespace() + ": " + p.pid() + " " + p.comm()));
        }
        return left;
    }

    private String address(int i) {
        return lab.host(i).address();
    }

    private static Path cellDir(Path out) throws IOException {
        return cellDir(out, 0);
    }

    /** The folder of the cell at {@code index} (0-based; folders start with the cell's number). */
    private static Path cellDir(Path out, int index) throws IOException {
        try (Stream<Path> s = Files.list(out.resolve("cells"))) {
            return s.filter(Files::isDirectory).sorted().skip(index).findFirst().orElseThrow();
        }
    }
}
