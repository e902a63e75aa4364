package dev.fluxlab.it;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.RepeatResult;
import dev.fluxlab.model.run.RunResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A suite's own command on a suite host: {@code java HelloServer.java} (suites/examples) as a command target placed on
 * a namespace host made by {@code scripts/lab-hosts.sh} (a lab of its own, {@code fxc...-h1}; the namespace shares
 * this machine's files, so the program and its folder are there), found there before the cell, ready by http at the
 * host's address, loaded from this machine by fluxlab's injector: one valid cell whose log says it ran in the host's
 * namespace, and once the run is over no process of it is left in that namespace. Skips without root or without
 * Debian's sshd (this test installs nothing). The namespaces are always removed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CommandHostRunTest {

    private static final String LAB = "fxc" + Long.toString(java.util.concurrent.ThreadLocalRandom.current()
            .nextLong(36L * 36 * 36), 36);

    private Path root;
    private Path tmp;
    private Path labDir;
    private String alias;
    private String address;
    private String netns;
    private String netnsId;

    @BeforeAll
    void up() throws Exception {
        assumeTrue("0".equals(sh("id -u").strip()), "needs root to create network namespaces for test hosts");
        assumeTrue(Files.isExecutable(Path.of("/usr/sbin/sshd")), "needs Debian's openssh-server (/usr/sbin/sshd)");
        root = Path.of("").toAbsolutePath().getParent();
        tmp = Files.createTempDirectory("fxcmdhost");
        labDir = tmp.resolve("lab");
        String out = lab("up", "1");
        assertTrue(out.contains("1 host(s) up"), out);
        for (String line : Files.readAllLines(labDir.resolve("hosts.tsv"))) {
            if (!line.startsWith("#")) {
                String[] f = line.split("\t");
                alias = f[0];
                netns = f[1];
                address = f[2];
                netnsId = sh("ip netns exec " + f[1] + " readlink /proc/self/ns/net").strip();
            }
        }
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

    @Test
    void helloServerRunsOnAHostReadyByHttpAndLeavesNothingThere() throws Exception {
        Path examples = root.resolve("suites/examples");
        Path suite = Files.writeString(tmp.resolve("cmdhost.yaml"), "name: cmdhost\nhosts:\n  h1: {ssh: " + alias
                + ", ssh_config: " + labDir.resolve("ssh_config") + ", address: " + address + ", jdk: "
                + System.getProperty("java.home") + ", work_dir: " + tmp.resolve("work-h1") + "}\n" + """
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
        Path out = tmp.resolve("run");
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
        List<String> log = Files.readAllLines(cellDir.resolve("hello-1.log"));
        assertTrue(log.getFirst().startsWith("fluxlab-remote pid=") && log.getFirst().endsWith(" netns=" + netnsId),
                "it ran in the host's namespace: " + log.getFirst());
        assertTrue(log.stream().anyMatch(l -> l.contains("HelloServer started on " + address + ":")),
                "it bound the host's address: " + log);
        assertTrue(Files.readString(cellDir.resolve("hello-1.cmd")).contains("# the suite's own command, on host 'h1'"));
        String left = sh("for p in $(ip netns pids " + netns + "); do tr '\\0' ' ' < /proc/$p/cmdline; echo; done");
        assertFalse(left.contains("HelloServer"), "nothing of the command is left on the host: " + left);
    }

    private String lab(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(root.resolve("scripts/lab-hosts.sh").toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().putAll(Map.of("FLUXLAB_LAB_DIR", labDir.toString(), "FLUXLAB_LAB_NAME", LAB,
                "FLUXLAB_LAB_TAG", LAB));
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(120, TimeUnit.SECONDS) && p.exitValue() == 0, "lab-hosts.sh " + args[0] + ": " + out);
        return out;
    }

    private static String sh(String command) throws Exception {
        Process p = new ProcessBuilder("sh", "-c", command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        p.waitFor(60, TimeUnit.SECONDS);
        return out;
    }
}
