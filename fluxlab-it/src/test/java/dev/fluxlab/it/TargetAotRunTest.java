package dev.fluxlab.it;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.run.ProcessStats;
import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.runner.launch.Commands;
import dev.fluxlab.runner.launch.TargetAotCache;
import dev.fluxlab.runner.registry.TargetRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A target's AOT cache that its JVM refuses (here a file that is no cache at all) is not a failed run: one line says
 * so, the target starts cold and the cell is measured; without {@code aot: true} (the default) the cache is not even
 * offered. JDK 25
 * only, on the Reactor Netty 1.2 target, whose classpath is jars (the lab's own classpath here holds class folders,
 * which a cache cannot hold). Two runs of one short cell (no warm-up, 1 s measured).
 */
class TargetAotRunTest {

    private static final String SUITE = """
            name: aot-fallback
            targets:
              rn:
                target: reactor-netty
                knobs: {reactor-netty-version: "1.2.18", transport: nio}
            scenarios:
              plaintext: {path: /plaintext}
            load: {connections: 2}
            warmup: 0s
            measure: 1s
            """;

    @Test
    void aRefusedCacheIsOneLineAndTheTargetRunsColdAndTheDefaultOffersNone(@TempDir Path tmp) throws Exception {
        assumeTrue(Runtime.version().feature() >= TargetAotCache.MIN_FEATURE,
                "skipped: targets start from AOT caches on JDK 25 and newer only (this is " + Runtime.version() + ")");
        TargetRegistry registry = TargetRegistry.builtIn();
        assumeTrue(registry.hasClasspath("fluxlab-targets-reactor-1.2/target/fluxlab-targets-reactor-1.2.jar"),
                "skipped: fluxlab-targets-reactor-1.2 is not packaged (./mvnw package -DskipTests)");
        String before = System.getProperty(TargetAotCache.PROPERTY_SWITCH);
        System.setProperty(TargetAotCache.PROPERTY_SWITCH, "1");
        Path suite = Files.writeString(tmp.resolve("aot.yaml"), SUITE);
        Cell.CellProcess process = Suite.load(suite).cells().getFirst().processes().getFirst();
        TargetAotCache.Variant v = new Commands(registry, TargetRegistry.java()).targetAot().variant(process)
                .orElseThrow();
        Path kept = tmp.resolve("kept.aot");
        boolean hadOne = Files.isRegularFile(v.file());
        if (hadOne) {
            Files.move(v.file(), kept); // a real cache of this build: put back afterwards
        }
        try {
            Files.createDirectories(v.file().getParent());
            Files.writeString(v.file(), "not an AOT cache");

            Fluxlab.Outcome o = Fluxlab.execute("run", "--out", tmp.resolve("on").toString(), "--set", "aot=true",
                    suite.toString());
            assertEquals(0, o.code(), o.out() + o.err());
            List<String> said = Stream.concat(o.out().lines(), o.err().lines())
                    .filter(l -> l.contains("refused the AOT cache")).toList();
            assertEquals(1, said.size(), o.out() + o.err());
            assertTrue(said.getFirst().startsWith("target rn started cold: its JVM refused the AOT cache "
                    + v.file().getFileName() + " ("), said.getFirst());
            assertFalse(Files.exists(v.file()), "a refused cache is removed, to be trained again by the next run");
            assertTrue(command(tmp.resolve("on")).contains("-XX:AOTCache=" + v.file()), "the cache was offered");
            RunResult r = Json.read(tmp.resolve("on/results.json"), RunResult.class);
            ProcessStats target = r.cells().getFirst().repeats().getFirst().processes().stream()
                    .filter(p -> p.name().equals("rn")).findFirst().orElseThrow();
            assertNull(target.aotCache(), "it started cold");
            assertTrue(r.cells().getFirst().repeats().getFirst().load().requestsOk() > 0, "the cell was measured");

            Files.writeString(v.file(), "not an AOT cache");
            Fluxlab.Outcome off = Fluxlab.execute("run", "--out", tmp.resolve("off").toString(), suite.toString());
            assertEquals(0, off.code(), off.out() + off.err());
            assertFalse((off.out() + off.err()).contains("AOT cache"), off.out() + off.err());
            assertFalse(command(tmp.resolve("off")).contains("-XX:AOTCache"), "by default no cache is offered");
        } finally {
            Files.deleteIfExists(v.file());
            if (hadOne) {
                Files.move(kept, v.file(), StandardCopyOption.REPLACE_EXISTING);
            }
            if (before == null) {
                System.clearProperty(TargetAotCache.PROPERTY_SWITCH);
            } else {
                System.setProperty(TargetAotCache.PROPERTY_SWITCH, before);
            }
        }
    }

    /** The target's command line as the run recorded it ({@code rn-1.cmd}). */
    private static String command(Path run) throws Exception {
        try (Stream<Path> files = Files.walk(run.resolve("cells"))) {
            Path cmd = files.filter(f -> f.getFileName().toString().equals("rn-1.cmd")).findFirst().orElseThrow();
            return Files.readString(cmd);
        }
    }
}
