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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The roles that run from something other than fluxlab's own classpath, on namespace hosts made by
 * {@code scripts/lab-hosts.sh} (a lab of its own, {@code fxr...-h1}): the Spring WebFlux target on it, from its
 * module's classpath shipped there, and wrk beside it, found there and named with its version before the cell (one
 * host: what it ships, fluxlab's classpath and Spring's, is most of this test's time). The traffic gets zero errors,
 * each process's log says it ran in the host's namespace, and wrk's output, streamed back, is read by the same
 * parser as here. Skips without root, without Debian's sshd
 * (this test installs nothing), without wrk, or with the Spring module not built. The namespaces are always removed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HostRolesRunTest {

    private static final String LAB = "fxr" + Long.toString(java.util.concurrent.ThreadLocalRandom.current()
            .nextLong(36L * 36 * 36), 36);

    private Path root;
    private Path tmp;
    private Path labDir;
    private final Map<String, String> addresses = new LinkedHashMap<>();
    private final Map<String, String> namespaces = new LinkedHashMap<>();

    @BeforeAll
    void up() throws Exception {
        assumeTrue("0".equals(sh("id -u").strip()), "needs root to create network namespaces for test hosts");
        assumeTrue(Files.isExecutable(Path.of("/usr/sbin/sshd")), "needs Debian's openssh-server (/usr/sbin/sshd)");
        assumeTrue(!sh("command -v wrk").isBlank(), "needs wrk (apt-get install wrk)");
        root = Path.of("").toAbsolutePath().getParent();
        assumeTrue(Files.isRegularFile(root.resolve("fluxlab-targets-spring/target/fluxlab-targets-spring.jar")),
                "needs the Spring targets built (./mvnw -DskipTests package)");
        tmp = Files.createTempDirectory("fxroles");
        labDir = tmp.resolve("lab");
        String out = lab("up", "1");
        assertTrue(out.contains("1 host(s) up"), out);
        for (String line : Files.readAllLines(labDir.resolve("hosts.tsv"))) {
            if (!line.startsWith("#")) {
                String[] f = line.split("\t");
                addresses.put(f[0], f[2]);
                namespaces.put(f[0], sh("ip netns exec " + f[1] + " readlink /proc/self/ns/net").strip());
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
    void aSpringTargetAndWrkRunOnAHostWithZeroErrors() throws Exception {
        StringBuilder hosts = new StringBuilder("hosts:\n");
        int i = 1;
        for (String alias : addresses.keySet()) {
            hosts.append("  h").append(i).append(": {ssh: ").append(alias).append(", ssh_config: ")
                    .append(labDir.resolve("ssh_config")).append(", address: ").append(addresses.get(alias))
                    .append(", jdk: ").append(System.getProperty("java.home")).append(", work_dir: ")
                    .append(tmp.resolve("work-h" + i)).append("}\n");
            i++;
        }
        Path suite = Files.writeString(tmp.resolve("roles.yaml"), "name: roles\n" + hosts + """
                targets:
                  webflux-netty:
                    knobs: {transport: nio}
                    jvm: {heap: 128m}
                    host: h1
                scenarios:
                  Plain: {method: GET, path: /plaintext, expect: {status: 200}}
                load: {connections: 2, injector: wrk, host: h1}
                warmup: 2s
                measure: 2s
                thresholds: {require_stable_warmup: false}
                """);
        Path out = tmp.resolve("run");
        long t0 = System.nanoTime();
        Fluxlab.Outcome o = Fluxlab.execute("run", "--out", out.toString(), suite.toString());
        System.out.printf("HostRolesRunTest: the run took %.1f s%n%s%n", (System.nanoTime() - t0) / 1e9, o.out());
        assertEquals(0, o.code(), o.out() + o.err());
        assertTrue(o.out().contains("host 'h1': fluxlab-targets-spring's classpath ("), o.out());
        assertTrue(o.out().lines().anyMatch(l -> l.matches("host 'h1': wrk at /\\S+/wrk \\(wrk .+\\)")),
                "one line with wrk's path and version there: " + o.out());

        RunResult r = Json.read(out.resolve("results.json"), RunResult.class);
        CellResult cell = r.cells().getFirst();
        RepeatResult rep = cell.repeats().getFirst();
        assertTrue(rep.load() != null && rep.load().requestsOk() > 0, "no response crossed the namespaces: "
                + cell.reasons() + "\n" + o.out());
        assertEquals(0, rep.load().errorCount(), "errors: " + rep.load().errors());
        Path cellDir;
        try (Stream<Path> s = Files.list(out.resolve("cells"))) {
            cellDir = s.filter(Files::isDirectory).sorted().findFirst().orElseThrow();
        }
        assertRanIn(cellDir.resolve("webflux-netty-1.log"), 1);
        assertRanIn(cellDir.resolve("injector-1.log"), 1);
        List<String> cmd = Files.readAllLines(cellDir.resolve("webflux-netty-1.cmd"));
        assertTrue(cmd.get(2).contains(tmp.resolve("work-h1").resolve("classpaths") + "/fluxlab-targets-spring-"),
                "the Spring target ran from its classpath shipped to h1: " + cmd);
        List<String> wrk = Files.readAllLines(cellDir.resolve("injector-1.cmd"));
        assertTrue(wrk.get(1).startsWith("# on host 'h1'") && wrk.get(2).contains("/wrk "), wrk.toString());
    }

    private void assertRanIn(Path log, int i) throws Exception {
        String first = Files.readAllLines(log).getFirst();
        String ns = new ArrayList<>(namespaces.values()).get(i - 1);
        assertTrue(first.startsWith("fluxlab-remote pid=") && first.endsWith(" netns=" + ns),
                log.getFileName() + " should say it ran in " + ns + ": " + first);
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
