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
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The roles that run from something other than fluxlab's own classpath, on a namespace host ({@link NamespaceLab}, a
 * lab of its own, {@code fxr...-h1}): the Spring WebFlux target on it, from its
 * module's classpath shipped there, and wrk beside it, found there and named with its version before the cell (one
 * host: what it ships, fluxlab's classpath and Spring's, is most of this test's time). The traffic gets zero errors,
 * each process's log says it ran in the host's namespace, and wrk's output, streamed back, is read by the same
 * parser as here. Skips without root, without Debian's sshd
 * (this test installs nothing), without wrk, or with the Spring module not built. The namespaces are always removed.
 */
class HostRolesRunTest {

    @RegisterExtension
    static final NamespaceLab lab = NamespaceLab.of("fxr", 1)
            .assuming(HostRolesRunTest::wrkOnPath, "needs wrk (apt-get install wrk)")
            .assuming(() -> Files.isRegularFile(Path.of("").toAbsolutePath().getParent()
                    .resolve("fluxlab-targets-spring/target/fluxlab-targets-spring.jar")),
                    "needs the Spring targets built (./mvnw -DskipTests package)");

    private static boolean wrkOnPath() {
        return Stream.of(System.getenv("PATH").split(":")).anyMatch(d -> Files.isExecutable(Path.of(d, "wrk")));
    }

    @Test
    void aSpringTargetAndWrkRunOnAHostWithZeroErrors() throws Exception {
        Path suite = lab.suite("roles", """
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
        Path out = lab.tmp().resolve("run");
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
        lab.assertRanIn(cellDir.resolve("webflux-netty-1.log"), 1);
        lab.assertRanIn(cellDir.resolve("injector-1.log"), 1);
        List<String> cmd = Files.readAllLines(cellDir.resolve("webflux-netty-1.cmd"));
        assertTrue(cmd.get(2).contains(lab.workDir(1).resolve("classpaths") + "/fluxlab-targets-spring-"),
                "the Spring target ran from its classpath shipped to h1: " + cmd);
        List<String> wrk = Files.readAllLines(cellDir.resolve("injector-1.cmd"));
        assertTrue(wrk.get(1).startsWith("# on host 'h1'") && wrk.get(2).contains("/wrk "), wrk.toString());
    }
}
