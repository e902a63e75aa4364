package dev.fluxlab.it;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.RepeatResult;
import dev.fluxlab.model.run.RunHost;
import dev.fluxlab.model.run.RunResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
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
 * The life of a hosts run when the runner is killed: two network-namespace hosts made by {@code scripts/lab-hosts.sh}
 * (a lab of its own, a random name per run), a backend on h1 and two injectors spread over h1 and h2, two cells.
 * First the runner is killed with SIGKILL in the middle of the second cell (no shutdown hook runs): every process it
 * had on each host (target, injectors, agents, their wrappers), found by PID in the host's namespace, must be gone
 * within the wrappers' grace, and so must the runner's own ssh clients. Then {@code fluxlab run --resume} of that
 * folder prepares the hosts again, keeps the first cell as it was and runs the second. The namespaces are always
 * removed. Needs root (CI runs the tests as root); skipped without it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class HostsLifecycleRunTest {

    /** The lab's name and link tag, unique per run (two clones' tests must not share a bridge or namespaces). */
    private static final String LAB = "fxlc" + Long.toString(java.util.concurrent.ThreadLocalRandom.current()
            .nextLong(36L * 36 * 36), 36);

    private Path root;
    private Path tmp;
    private Path labDir;
    private Path out;
    private final Map<String, String> addresses = new LinkedHashMap<>();
    private String firstCellStartedAt;

    @BeforeAll
    void up() throws Exception {
        assumeTrue("0".equals(sh("id -u").strip()), "needs root to create network namespaces for test hosts "
                + "(scripts/lab-hosts.sh); run the tests as root, as CI does");
        assumeTrue(Files.isExecutable(Path.of("/usr/sbin/sshd")) || Files.isExecutable(Path.of("/usr/bin/apt-get")),
                "needs OpenSSH's sshd for the namespace hosts");
        root = Path.of("").toAbsolutePath().getParent();
        tmp = Files.createTempDirectory("fxlc");
        labDir = tmp.resolve("lab");
        String up = lab("up", "2");
        assertTrue(up.contains("2 host(s) up"), up);
        for (String line : Files.readAllLines(labDir.resolve("hosts.tsv"))) {
            if (!line.startsWith("#")) {
                String[] f = line.split("\t");
                addresses.put(f[1], f[2]); // namespace -> address
            }
        }
        out = tmp.resolve("run");
    }

    @AfterAll
    void down() throws Exception {
        if (labDir == null) {
            return;
        }
        try {
            lab("down");
            assertFalse(sh("ip netns list").contains(LAB + "-h"), "namespaces left after down");
        } finally {
            sh("rm -rf '" + tmp + "'");
        }
    }

    /** Backend on h1, two injectors over h1 and h2; two cells of a shared backend, a few seconds each. */
    private Path suite() throws IOException {
        StringBuilder hosts = new StringBuilder("hosts:\n");
        int i = 1;
        for (String ns : addresses.keySet()) {
            hosts.append("  h").append(i).append(": {ssh: ").append(ns).append(", ssh_config: ")
                    .append(labDir.resolve("ssh_config")).append(", address: ").append(addresses.get(ns))
                    .append(", jdk: ").append(System.getProperty("java.home")).append(", work_dir: ")
                    .append(tmp.resolve("work-h" + i)).append("}\n");
            i++;
        }
        return Files.writeString(tmp.resolve("lifecycle.yaml"), "name: lifecycle\n" + hosts + """
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
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), "dev.fluxlab.cli.Main", "run", "--out", out.toString(),
                suite().toString());
        Process runner = new ProcessBuilder(cmd).directory(root.toFile()).redirectErrorStream(true)
                .redirectOutput(tmp.resolve("run1.out").toFile()).start();
        Map<String, List<String>> before = new LinkedHashMap<>();
        List<ProcessHandle> clients;
        try {
            // generous: on a loaded machine the first run ships fluxlab's classpath to both hosts first
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(240);
            while (!secondCellMeasuring() && System.nanoTime() < deadline && runner.isAlive()) {
                Thread.sleep(100);
            }
            assertTrue(secondCellMeasuring(), "the run never reached its second cell's measured phase: "
                    + Files.readString(tmp.resolve("run1.out")));
            for (String ns : addresses.keySet()) {
                before.put(ns, runProcesses(ns));
            }
            clients = runner.children().toList(); // handles: a PID reused meanwhile is not taken for one of them
            sh("kill -KILL " + runner.pid());
            assertTrue(runner.waitFor(10, TimeUnit.SECONDS), "kill -9 did not end the runner");
        } finally {
            runner.destroyForcibly().waitFor();
        }
        RunResult killed = Json.read(out.resolve("results.json"), RunResult.class);
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
        for (String ns : addresses.keySet()) {
            List<String> now = runProcesses(ns);
            assertEquals(List.of(), now, "a process of fluxlab runs on " + ns + " after the runner was killed");
        }
        // what SIGKILL leaves is files: the opened start gate of the cell it killed, which the resume must not reuse
        try (Stream<Path> s = Files.walk(tmp.resolve("work-h2").resolve("runs"))) {
            assertTrue(s.anyMatch(p -> p.getFileName().toString().startsWith("gate-")),
                    "the killed run's gate file stays on h2");
        }
    }

    @Test
    @Order(2)
    void resumeOfTheKilledHostsRunPreparesTheHostsAgainAndRunsOnlyTheMissingCell() throws Exception {
        assumeTrue(firstCellStartedAt != null, "needs the folder the first test's killed run left");
        Fluxlab.Outcome o = Fluxlab.execute("run", "--resume", out.toString());
        assertEquals(0, o.code(), o.out() + o.err());
        assertTrue(o.out().contains("hosts: nothing to ship"), "the hosts are prepared again: " + o.out());
        RunResult r = Json.read(out.resolve("results.json"), RunResult.class);
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
        String summary = Files.readString(out.resolve("summary.md"));
        String spread = "spread " + rep.injectorStartSpreadMs() + " ± ";
        assertTrue(summary.contains(spread), "the report says the spread and its bound: " + summary);
        System.out.println(summary.lines().filter(l -> l.contains(" merged ") || l.contains("injector-"))
                .collect(java.util.stream.Collectors.joining("\n")));
        for (String ns : addresses.keySet()) {
            assertEquals(List.of(), runProcesses(ns), "a process of fluxlab runs on " + ns + " after the resume");
        }
        for (int i = 1; i <= addresses.size(); i++) {
            Path runs = tmp.resolve("work-h" + i).resolve("runs");
            try (Stream<Path> left = Files.isDirectory(runs) ? Files.list(runs) : Stream.empty()) {
                assertEquals(List.of(), left.toList(), "the resumed run removes h" + i + "'s run folder, the killed "
                        + "run's leftovers included");
            }
        }
    }

    /** Whether the second cell's first injector has printed a measured-phase progress line. */
    private boolean secondCellMeasuring() throws IOException {
        if (!Files.isDirectory(out.resolve("cells"))) {
            return false;
        }
        try (Stream<Path> s = Files.list(out.resolve("cells"))) {
            List<Path> cells = s.filter(Files::isDirectory).sorted().toList();
            if (cells.size() < 2) {
                return false;
            }
            Path log = cells.get(1).resolve("injector-1-1.log");
            return Files.isRegularFile(log) && Files.readString(log).contains("phase=measure");
        }
    }

    /** Every process in namespace {@code ns} but its sshd servers, as {@code PID STARTTIME COMMAND-LINE}. */
    private static List<String> runProcesses(String ns) throws Exception {
        List<String> found = new ArrayList<>();
        for (String pid : sh("ip netns pids " + ns).strip().split("\\s+")) {
            if (pid.isBlank()) {
                continue;
            }
            String comm = sh("cat /proc/" + pid + "/comm 2>/dev/null").strip();
            if (comm.isEmpty() || comm.equals("sshd") || comm.startsWith("sshd-")) {
                continue;
            }
            found.add(pid + " " + startTime(pid) + " " + sh("tr '\\0' ' ' < /proc/" + pid + "/cmdline 2>/dev/null")
                    .strip());
        }
        return found;
    }

    /** Of {@code before} (per namespace), the processes still there: same PID and same start time. */
    private static Map<String, List<String>> stillThere(Map<String, List<String>> before) throws Exception {
        Map<String, List<String>> left = new LinkedHashMap<>();
        for (Map.Entry<String, List<String>> e : before.entrySet()) {
            List<String> alive = new ArrayList<>();
            for (String p : e.getValue()) {
                String[] w = p.split(" ", 3);
                if (w[1].equals(startTime(w[0]))) {
                    alive.add(p);
                }
            }
            left.put(e.getKey(), alive);
        }
        return left;
    }

    /** Field 22 of {@code /proc/PID/stat} (after the command's parentheses), or "" when the process is gone. */
    private static String startTime(String pid) throws IOException {
        Path stat = Path.of("/proc", pid, "stat");
        String s;
        try {
            s = Files.readString(stat);
        } catch (IOException e) {
            return "";
        }
        String[] f = s.substring(s.lastIndexOf(')') + 2).split(" ");
        return f[19];
    }

    private String lab(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(root.resolve("scripts/lab-hosts.sh").toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().putAll(Map.of("FLUXLAB_LAB_DIR", labDir.toString(), "FLUXLAB_LAB_NAME", LAB,
                "FLUXLAB_LAB_TAG", LAB));
        Process p = pb.start();
        String text = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(120, TimeUnit.SECONDS) && p.exitValue() == 0, "lab-hosts.sh " + args[0] + ": " + text);
        return text;
    }

    private static String sh(String command) throws Exception {
        Process p = new ProcessBuilder("sh", "-c", command).redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes());
        p.waitFor(60, TimeUnit.SECONDS);
        return text;
    }
}
