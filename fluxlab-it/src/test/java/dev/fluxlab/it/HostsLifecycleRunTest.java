package dev.fluxlab.it;

import dev.fluxlab.model.Json;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The life of a hosts run when the runner is killed: two network-namespace hosts ({@link NamespaceLab}, a lab of its
 * own, a random name per run), a backend on h1 and two injectors spread over h1 and h2, two cells.
 * First the runner is killed with SIGKILL in the middle of the second cell (no shutdown hook runs): every process it
 * had on each host (target, injectors, agents, their wrappers), found by PID in the host's namespace, must be gone
 * within the wrappers' grace, and so must the runner's own ssh clients. Then {@code fluxlab run --resume} of that
 * folder prepares the hosts again, keeps the first cell as it was and runs the second. The namespaces are always
 * removed. Needs root and sshd (CI runs the tests as root, scripts/test.sh installs sshd); skipped without them.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class HostsLifecycleRunTest {

    @RegisterExtension
    static final NamespaceLab lab = NamespaceLab.of("fxlc", 2);

    private String firstCellStartedAt;

    /** Backend on h1, two injectors over h1 and h2; two cells of a shared backend, a few seconds each. */
    private Path suite() throws IOException {
        return lab.suite("lifecycle", """
                targets:
                  back:
                    target: reactor-netty
                    knobs: {workers: 1, transport: nio}
                    jvm: {heap: 96m}
                    host: h1
                scenarios:
                  Get: {path: /plaintext}
                load:
                  - {connections: 2, in_flight: 1, injectors: 2, host: [h1, h2]}
                  - {connections: 4, in_flight: 1, injectors: 2, host: [h1, h2]}
                fork: shared
                warmup: 1s
                measure: 4s
                thresholds: {require_stable_warmup: false}
                """);
    }

    @Test
    @Order(1)
    void killMinus9OfTheRunnerLeavesNoProcessOfTheRunOnAnyHost() throws Exception {
        Process runner = Fluxlab.start(lab.root(), lab.tmp().resolve("run1.out"), "run", "--out", out().toString(),
                suite().toString());
        Map<String, List<String>> before = new LinkedHashMap<>();
        List<ProcessHandle> clients;
        try {
            // generous: on a loaded machine the first run ships fluxlab's classpath to both hosts first
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(240);
            while (!secondCellMeasuring() && System.nanoTime() < deadline && runner.isAlive()) {
                Thread.sleep(100);
            }
            assertTrue(secondCellMeasuring(), "the run never reached its second cell's measured phase: "
                    + Files.readString(lab.tmp().resolve("run1.out")));
            for (NamespaceLab.Host h : lab.hosts()) {
                before.put(h.namespace(), runProcesses(h));
            }
            clients = runner.children().toList(); // handles: a PID reused meanwhile is not taken for one of them
            NamespaceLab.sh("kill -KILL " + runner.pid());
            assertTrue(runner.waitFor(10, TimeUnit.SECONDS), "kill -9 did not end the runner");
        } finally {
            runner.destroyForcibly().waitFor();
        }
        RunResult killed = Json.read(out().resolve("results.json"), RunResult.class);
        assertEquals("running", killed.status(), "a killed runner writes nothing more");
        assertEquals(1, killed.cells().size(), "the first cell was done");
        firstCellStartedAt = killed.cells().getFirst().repeats().getFirst().startedAt();
        // what ran there: h1 the backend, an injector and its agent, h2 an injector and an agent (plus wrappers)
        before.forEach((ns, ps) -> {
            assertTrue(ps.stream().anyMatch(p -> p.endsWith(" agent")), ns + " had an agent: " + ps);
            assertTrue(ps.stream().anyMatch(p -> p.contains("fluxlab-remote")), ns + " had a role: " + ps);
        });
        assertFalse(clients.isEmpty(), "the runner had ssh clients");
        // the wrappers' grace (SIGTERM, SIGKILL 5 s later) and the sessions' ends, with room for a loaded machine
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        Map<String, List<String>> left = stillThere(before);
        List<ProcessHandle> localLeft = clients.stream().filter(ProcessHandle::isAlive).toList();
        while ((!left.values().stream().allMatch(List::isEmpty) || !localLeft.isEmpty())
                && System.nanoTime() < deadline) {
            Thread.sleep(200);
            left = stillThere(before);
            localLeft = clients.stream().filter(ProcessHandle::isAlive).toList();
        }
        left.forEach((ns, ps) -> assertEquals(List.of(), ps, "processes of the killed run left on " + ns
                + " (of " + before.get(ns) + ")"));
        assertEquals(List.of(), localLeft.stream().map(h -> h.pid() + " " + h.info().commandLine().orElse("?"))
                .toList(), "the killed runner's ssh clients are left");
        for (NamespaceLab.Host h : lab.hosts()) {
            List<String> now = runProcesses(h);
            assertEquals(List.of(), now, "a process of fluxlab runs on " + h.namespace() + " after the runner was "
                    + "killed");
        }
        // what SIGKILL leaves is files: the opened start gate of the cell it killed, which the resume must not reuse
        try (Stream<Path> s = Files.walk(lab.workDir(2).resolve("runs"))) {
            assertTrue(s.anyMatch(p -> p.getFileName().toString().startsWith("gate-")),
                    "the killed run's gate file stays on h2");
        }
    }

    @Test
    @Order(2)
    void resumeOfTheKilledHostsRunPreparesTheHostsAgainAndRunsOnlyTheMissingCell() throws Exception {
        assumeTrue(firstCellStartedAt != null, "needs the folder the first test's killed run left");
        Fluxlab.Outcome o = Fluxlab.execute("run", "--resume", out().toString());
        assertEquals(0, o.code(), o.out() + o.err());
        assertTrue(o.out().contains("hosts: nothing to ship"), "the hosts are prepared again: " + o.out());
        RunResult r = Json.read(out().resolve("results.json"), RunResult.class);
        assertEquals("complete", r.status());
        assertEquals(2, r.cells().size());
        assertEquals(firstCellStartedAt, r.cells().getFirst().repeats().getFirst().startedAt(),
                "the first cell is kept, not run again");
        CellResult second = r.cells().get(1);
        RepeatResult rep = second.repeats().getFirst();
        assertTrue(rep.load() != null && rep.load().requestsOk() > 0, "the second cell ran: " + second.reasons());
        assertEquals(List.of("h1", "h2"), rep.placement().stream().filter(p -> p.process().startsWith("injector"))
                .map(p -> p.host()).toList());
        assertEquals(List.of("h1", "h2"), r.hosts().stream().map(RunHost::name).toList());
        for (RunHost h : r.hosts()) {
            assertNotNull(h.agentCpuCores(), h.name() + ": the resumed run's agent is measured");
        }
        assertNotNull(rep.injectorStartSpreadMs(), "the injectors' start spread is recorded");
        var alignment = rep.injectorStartAlignment();
        assertNotNull(alignment, "the spread's bound and the offsets it was taken with are recorded");
        assertEquals(java.util.Set.of("h1", "h2"), alignment.hostClocks().keySet());
        alignment.hostClocks().forEach((h, c) -> assertTrue(Math.abs(c.offsetUs()) <= c.uncertaintyUs() + 1_000,
                h + ": namespaces share this kernel's clock, offset " + c.offsetUs() + " +- " + c.uncertaintyUs()));
        assertTrue(alignment.spreadErrorMs() >= 1.0, "at least the documents' millisecond: " + alignment);
        System.out.printf("resumed cell: injectors started %d ms apart (+- %.3f ms); clocks %s; hosts %s%n",
                rep.injectorStartSpreadMs(), alignment.spreadErrorMs(), alignment.hostClocks(), r.hosts().stream()
                        .map(h -> h.name() + " " + h.clockOffsetUs() + " +- " + h.clockUncertaintyUs() + " us").toList());
        String summary = Files.readString(out().resolve("summary.md"));
        String spread = "spread " + rep.injectorStartSpreadMs() + " ± ";
        assertTrue(summary.contains(spread), "the report says the spread and its bound: " + summary);
        System.out.println(summary.lines().filter(l -> l.contains(" merged ") || l.contains("injector-"))
                .collect(java.util.stream.Collectors.joining("\n")));
        for (NamespaceLab.Host h : lab.hosts()) {
            assertEquals(List.of(), runProcesses(h), "a process of fluxlab runs on " + h.namespace()
                    + " after the resume");
        }
        for (int i = 1; i <= lab.hosts().size(); i++) {
            Path runs = lab.workDir(i).resolve("runs");
            try (Stream<Path> left = Files.isDirectory(runs) ? Files.list(runs) : Stream.empty()) {
                assertEquals(List.of(), left.toList(), "the resumed run removes h" + i + "'s run folder, the killed "
                        + "run's leftovers included");
            }
        }
    }

    /** The killed and resumed run's results folder. */
    private static Path out() {
        return lab.tmp().resolve("run");
    }

    /** Whether the second cell's first injector has printed a measured-phase progress line. */
    private boolean secondCellMeasuring() throws IOException {
        if (!Files.isDirectory(out().resolve("cells"))) {
            return false;
        }
        try (Stream<Path> s = Files.list(out().resolve("cells"))) {
            List<Path> cells = s.filter(Files::isDirectory).sorted().toList();
            if (cells.size() < 2) {
                return false;
            }
            Path log = cells.get(1).resolve("injector-1-1.log");
            return Files.isRegularFile(log) && Files.readString(log).contains("phase=measure");
        }
    }

    /** Every process in {@code host}'s namespace but its sshd servers, as {@code PID STARTTIME COMMAND-LINE}. */
    private List<String> runProcesses(NamespaceLab.Host host) throws Exception {
        return lab.processes(host).stream().map(p -> p.pid() + " " + p.startTime() + " " + p.cmdline()).toList();
    }

    /** Of {@code before} (per namespace), the processes still there: same PID and same start time. */
    private static Map<String, List<String>> stillThere(Map<String, List<String>> before) {
        Map<String, List<String>> left = new LinkedHashMap<>();
        for (Map.Entry<String, List<String>> e : before.entrySet()) {
            List<String> alive = new ArrayList<>();
            for (String p : e.getValue()) {
                String[] w = p.split(" ", 3);
                if (w[1].equals(NamespaceLab.startTime(w[0]))) {
                    alive.add(p);
                }
            }
            left.put(e.getKey(), alive);
        }
        return left;
    }
}
