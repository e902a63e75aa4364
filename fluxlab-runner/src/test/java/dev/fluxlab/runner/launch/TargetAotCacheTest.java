package dev.fluxlab.runner.launch;

import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.runner.registry.TargetRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a target's AOT cache key depends on (what the JVM checks, and what the training ran) and what it does not
 * (knobs, heap sizes below 32 GB), and how a JVM's AOT log tells a refused cache from a used one.
 */
class TargetAotCacheTest {

    private static TargetAotCache caches(Path build) throws Exception {
        Path lib = Files.createDirectories(build.resolve("target/lib"));
        Files.writeString(build.resolve("target/server.jar"), "server");
        Files.writeString(lib.resolve("a.jar"), "a");
        Files.writeString(lib.resolve("b.jar"), "b");
        Files.createDirectories(build.resolve("classes"));
        return new TargetAotCache(TargetRegistry.parse("""
                injector: {main: Inj}
                targets:
                  server:
                    main: Serve
                    args: [serve]
                    jvm: [--enable-native-access=ALL-UNNAMED]
                    classpath: [%1$s/target/server.jar, "%1$s/target/lib/*"]
                    knobs:
                      workers: {type: int, min: 1, default: "4"}
                  other:
                    main: OtherServe
                    classpath: [%1$s/target/server.jar, "%1$s/target/lib/*"]
                  folders:
                    main: Serve
                    classpath: [%1$s/classes, "%1$s/target/lib/*"]
                """.formatted(build)), true);
    }

    private static Cell.CellProcess process(String target, Map<String, String> knobs, String heap, String gc,
                                            List<String> flags) {
        return new Cell.CellProcess("p", target, knobs, heap, gc, flags, null, null);
    }

    private static String key(TargetAotCache c, String target, Map<String, String> knobs, String heap, String gc,
                              List<String> flags) {
        return c.variant(process(target, knobs, heap, gc, flags)).orElseThrow().key();
    }

    @Test
    void heapsBelow32GbShareACacheTheKnobsGcFlagsMainAndCompressedOopsDoNot(@TempDir Path tmp) throws Exception {
        TargetAotCache c = caches(tmp);
        String base = key(c, "server", Map.of(), null, null, List.of());
        // the knobs are what the training exercised: a cache trained over HTTP/1.1 lowered h2c's steady state
        String h2c = key(c, "server", Map.of("protocol", "h2c", "transport", "epoll"), null, null, List.of());
        assertNotEquals(base, h2c, "knobs are program args: another workload");
        assertNotEquals(h2c, key(c, "server", Map.of("protocol", "http1.1", "transport", "epoll"), null, null,
                List.of()));
        assertEquals(h2c, key(c, "server", new java.util.LinkedHashMap<>(java.util.Map.of("transport", "epoll",
                "protocol", "h2c")), null, null, List.of()), "in any order");
        String g1 = key(c, "server", Map.of(), "512m", "G1", List.of());
        assertEquals(g1, key(c, "server", Map.of(), "4g", "G1", List.of()), "any heap below 32 GB maps the cache");
        assertNotEquals(g1, key(c, "server", Map.of(), "48g", "G1", List.of()), "no compressed oops: refused");
        assertNotEquals(g1, key(c, "server", Map.of(), "512m", "Parallel", List.of()), "one cache per GC");
        assertNotEquals(base, key(c, "server", Map.of(), null, null, List.of("-XX:+UseCompactObjectHeaders")));
        assertNotEquals(base, key(c, "other", Map.of(), null, null, List.of()), "another main trains another profile");
    }

    @Test
    void aJarRebuiltChangesTheKeyAsTheJvmWouldRefuseIt(@TempDir Path tmp) throws Exception {
        TargetAotCache c = caches(tmp);
        String before = key(c, "server", Map.of(), null, null, List.of());
        Path jar = tmp.resolve("target/lib/b.jar");
        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() - 60_000));
        assertNotEquals(before, key(c, "server", Map.of(), null, null, List.of()));
        String again = key(c, "server", Map.of(), null, null, List.of());
        Files.writeString(tmp.resolve("target/lib/c.jar"), "c");
        assertNotEquals(again, key(c, "server", Map.of(), null, null, List.of()), "a jar added under lib/*");
    }

    @Test
    void theCacheLivesInTheBuildFolderOfTheClasspathNamedByTargetGcKnobsAndKey(@TempDir Path tmp) throws Exception {
        TargetAotCache.Variant v = caches(tmp).variant(process("server", Map.of(), null, "G1", List.of())).orElseThrow();
        assertEquals(tmp.resolve("target/aot/server-g1-" + TargetAotCache.shortHash("") + "-" + v.key() + ".aot")
                .toAbsolutePath(), v.file());
        assertTrue(v.key().matches("[0-9a-f]{16}"), v.key());
        assertEquals("server (g1)", v.label());
        TargetAotCache.Variant h2c = caches(tmp).variant(process("server", Map.of("protocol", "h2c"), null, "G1",
                List.of())).orElseThrow();
        assertEquals("server (g1, protocol=h2c)", h2c.label());
        assertNotEquals(v.file().getFileName().toString().substring(0, 19),
                h2c.file().getFileName().toString().substring(0, 19), "another family: neither prunes the other");
    }

    @Test
    void aNewKeyPrunesItsOwnFamilyOnlyNotTheCachesOfOtherKnobs(@TempDir Path tmp) throws Exception {
        TargetAotCache c = caches(tmp);
        TargetAotCache.Variant h1 = c.variant(process("server", Map.of("protocol", "http1.1"), null, null, List.of()))
                .orElseThrow();
        TargetAotCache.Variant h2c = c.variant(process("server", Map.of("protocol", "h2c"), null, null, List.of()))
                .orElseThrow();
        Files.createDirectories(h1.file().getParent());
        Files.writeString(h1.file(), "h1");
        Path stale = h2c.file().resolveSibling(h2c.file().getFileName().toString().replace(h2c.key(),
                "0123456789abcdef"));
        Files.writeString(stale, "an older build's h2c cache");
        Files.writeString(h2c.file(), "h2c");
        TargetAotCache.pruneOthers(h2c);
        assertTrue(Files.exists(h1.file()), "the HTTP/1.1 cache stays");
        assertTrue(Files.exists(h2c.file()));
        assertFalse(Files.exists(stale), "the h2c family's older key is removed");
    }

    @Test
    void noCacheForZgcSuiteHostsClassFoldersUnknownTargetsOrWhenOff(@TempDir Path tmp) throws Exception {
        TargetAotCache c = caches(tmp);
        assertEquals(Optional.empty(), c.variant(process("server", Map.of(), null, "ZGC", List.of())));
        assertEquals(Optional.empty(), c.variant(new Cell.CellProcess("p", "server", Map.of(), null, null, List.of(),
                null, "host1")));
        assertEquals(Optional.empty(), c.variant(process("folders", Map.of(), null, null, List.of())));
        assertEquals(Optional.empty(), c.variant(process("nope", Map.of(), null, null, List.of())));
        TargetAotCache off = new TargetAotCache(TargetRegistry.parse("injector: {main: Inj}\ntargets:\n  server: "
                + "{main: Serve, classpath: [" + tmp + "/target/server.jar]}\n"), false);
        assertEquals(Optional.empty(), off.variant(process("server", Map.of(), null, null, List.of())));
    }

    @Test
    void aSuitesOwnCommandTargetIsNeverTrainedNorOfferedACache(@TempDir Path tmp) throws Exception {
        Path file = Files.writeString(tmp.resolve("s.yaml"), "scenarios: {hello: {path: /hello}}\ntargets:\n"
                + "  my-app: {command: [java, Server.java, \"${port}\"]}\n");
        TargetAotCache c = new TargetAotCache(TargetRegistry.builtIn().withCommands(
                dev.fluxlab.model.suite.Suite.load(file)), true);
        // a command target's registry view has no classpath of its own, i.e. the running fluxlab's: jars when
        // installed (here its class folders, which alone would already rule a cache out)
        String running = System.getProperty("java.class.path");
        System.setProperty("java.class.path", Files.writeString(tmp.resolve("fluxlab.jar"), "jar").toString());
        try {
            assertEquals(Optional.empty(), c.variant(process("my-app", Map.of(), null, null, List.of())),
                    "its command line is the user's: no training run, no -XX:AOTCache added");
        } finally {
            System.setProperty("java.class.path", running);
        }
    }

    @Test
    void theAotLogSaysWhetherTheJvmUsedOrRefusedItsCache(@TempDir Path tmp) throws Exception {
        Path used = Files.writeString(tmp.resolve("used.log"), """
                [0.016s][info][aot] Opened AOT cache /x/server.aot.
                [0.054s][info][aot] Using AOT-linked classes: true (static archive: has aot-linked classes)
                """);
        assertEquals(Optional.empty(), TargetAotCache.refusal(used));
        Path truncated = Files.writeString(tmp.resolve("truncated.log"), """
                [0.021s][warning][aot] The AOT cache has been truncated.
                [0.021s][error  ][aot] An error has occurred while processing the AOT cache. Run with -Xlog:aot for details.
                [0.021s][error  ][aot] Loading static archive failed.
                """);
        assertEquals(Optional.of("The AOT cache has been truncated."), TargetAotCache.refusal(truncated));
        Path oops = Files.writeString(tmp.resolve("oops.log"), """
                [0.142s][info][aot] Opened AOT cache /x/server.aot.
                [0.142s][warning][aot] Unable to use AOT cache.
                [                    ] The saved state of UseCompressedOops and UseCompressedClassPointers is different from runtime, CDS will be disabled.
                [0.142s][error  ][aot] An error has occurred while processing the AOT cache. Run with -Xlog:aot for details.
                """);
        assertEquals(Optional.of("Unable to use AOT cache. The saved state of UseCompressedOops and "
                + "UseCompressedClassPointers is different from runtime, CDS will be disabled."), TargetAotCache.refusal(oops));
        assertTrue(TargetAotCache.refusal(tmp.resolve("missing.log")).isPresent(), "no log: not used");
    }
}
