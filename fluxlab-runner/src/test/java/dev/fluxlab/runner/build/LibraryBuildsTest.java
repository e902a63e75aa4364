package dev.fluxlab.runner.build;

import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.model.suite.SuiteException;
import dev.fluxlab.runner.registry.TargetRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The version knobs of the Reactor Netty target: a version the lab's code cannot run on, a Netty of another line and a
 * version Maven cannot find (offline, in an empty local repository) are refused in one line at the suite's line before
 * anything starts; the built-in releases resolve nothing; the generated pom and Maven's list read as they should. A
 * build that Maven does find, and a cell on it, are fluxlab-it's LocalBuildRunTest.
 */
class LibraryBuildsTest {

    private static Suite suite(String knobs) {
        return Suite.parse("builds.yaml", """
                name: builds
                targets:
                  reactor-netty:
                    knobs:
                %s
                scenarios:
                  plaintext: {method: GET, path: /plaintext, expect: {status: 200}}
                load: {connections: 4}
                measure: 2s
                """.formatted(knobs));
    }

    private static LibraryBuilds builds(Path tmp) {
        Path home = TargetRegistry.home();
        return new LibraryBuilds(new MavenClasspath(home, tmp.resolve("repo"), true, Duration.ofMinutes(3)),
                new BuildCache(tmp.resolve("cache")), List.of("lab.jar"));
    }

    @Test
    void aLineTheLabsCodeCannotRunOnIsRefusedAtItsLine(@TempDir Path tmp) {
        SuiteException e = assertThrows(SuiteException.class, () -> builds(tmp).resolve(
                suite("      reactor-netty-version: [\"1.3.8\", \"2.0.0\"]"), TargetRegistry.builtIn(), l -> { }));
        assertTrue(e.getMessage().startsWith("builds.yaml:5"), e.getMessage());
        assertTrue(e.getMessage().contains("reactor-netty-version 2.0.0 is not supported: the lab's Reactor Netty "
                + "targets run 1.3.x (on Netty 4.2.x, the API they compile against) and 1.2.x"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
    }

    @Test
    void aNettyOfAnotherLineIsRefused(@TempDir Path tmp) {
        SuiteException e = assertThrows(SuiteException.class, () -> builds(tmp).resolve(
                suite("      netty-version: 4.1.135.Final"), TargetRegistry.builtIn(), l -> { }));
        assertTrue(e.getMessage().contains("netty-version 4.1.135.Final cannot run Reactor Netty 1.3.8: the 1.3.x line "
                + "runs on Netty 4.2.x"), e.getMessage());
    }

    @Test
    void aTargetThatTakesNoBuildSaysWhichDo() {
        Suite s = Suite.parse("webflux.yaml", """
                name: webflux
                targets:
                  webflux-undertow:
                    knobs: {reactor-netty-version: 1.3.9-SNAPSHOT}
                scenarios:
                  plaintext: {method: GET, path: /plaintext, expect: {status: 200}}
                """);
        SuiteException e = assertThrows(SuiteException.class, () -> new dev.fluxlab.runner.registry.SuiteValidator(
                TargetRegistry.builtIn(), new dev.fluxlab.runner.registry.HostPlatform()).validate(s));
        assertTrue(e.getMessage().contains("target 'webflux-undertow': unknown knob 'reactor-netty-version'; accepted: ")
                && e.getMessage().contains("; a build of the libraries (reactor-netty-version) runs under reactor-netty, "
                + "frontend, httpclient-loader, webflux-netty, webflux-fan-out only, not this target yet"), e.getMessage());
    }

    private static Suite webflux(String knobs) {
        return Suite.parse("webflux.yaml", """
                name: webflux
                targets:
                  webflux-netty:
                    knobs:
                %s
                scenarios:
                  plaintext: {method: GET, path: /plaintext, expect: {status: 200}}
                """.formatted(knobs));
    }

    /** The Boot 4 module's Spring Framework 7 runs on Reactor Netty 1.3: a 1.2 build is refused, naming boot-3.5. */
    @Test
    void aBuildOfAnotherLineThanTheBootModulesIsRefusedNamingTheStackThatRunsIt(@TempDir Path tmp) {
        TargetRegistry registry = TargetRegistry.builtIn();
        org.junit.jupiter.api.Assumptions.assumeTrue(registry.hasClasspath(
                "fluxlab-targets-spring/target/fluxlab-targets-spring.jar"), "the Spring module is not built");
        SuiteException e = assertThrows(SuiteException.class, () -> builds(tmp).resolve(
                webflux("      reactor-netty-version: 1.2.40-SNAPSHOT"), registry, l -> { }));
        String m = e.getMessage();
        assertTrue(m.startsWith("webflux.yaml:5"), m);
        assertTrue(m.contains("reactor-netty-version 1.2.40-SNAPSHOT cannot run under target webflux-netty (stack "
                + "boot-4.0): its Spring was built on Reactor Netty 1.3.8 and runs 1.3.x builds only"), m);
        if (registry.hasClasspath("fluxlab-targets-spring-boot3-netty/target/fluxlab-targets-spring-boot3-netty.jar")) {
            assertTrue(m.endsWith("choose a 1.3.x version, or stack: boot-3.5, which runs the 1.2.x line"), m);
        }
        SuiteException netty = assertThrows(SuiteException.class, () -> builds(tmp).resolve(
                webflux("      netty-version: 4.1.135.Final"), registry, l -> { }));
        assertTrue(netty.getMessage().contains("netty-version 4.1.135.Final cannot run Reactor Netty 1.3.8 under "
                + "target webflux-netty (stack boot-4.0): the 1.3.x line runs on Netty 4.2.x"), netty.getMessage());
        assertFalse(Files.exists(tmp.resolve("cache")), "refused before Maven ran");
    }

    @Test
    void aBootStacksBuildIsKeptApartFromTheOtherStacksByItsKey() {
        var def = TargetRegistry.builtIn().target("webflux-netty").orElseThrow();
        assertEquals("reactor-core-version=3.8.9,stack=boot-3.5",
                def.buildKey(Map.of("reactor-core-version", "3.8.9", "stack", "boot-3.5")));
        assertEquals("reactor-core-version=3.8.9", def.buildKey(Map.of("reactor-core-version", "3.8.9")));
        assertNull(def.buildKey(Map.of("stack", "boot-3.5")), "no build asked for");
    }

    @Test
    void aBootClasspathTakesTheBuildsJarsAndAllItsNettyFromTheBuild(@TempDir Path tmp) throws Exception {
        Path lib = Files.createDirectories(tmp.resolve("lib"));
        for (String j : List.of("spring-webflux-7.0.8.jar", "reactor-netty-http-1.3.8.jar", "reactor-netty-core-1.3.8.jar",
                "reactor-core-3.8.6.jar", "reactor-core-micrometer-1.2.0.jar", "netty-common-4.2.18.Final.jar",
                "netty-codec-http3-4.2.18.Final.jar", "netty-transport-native-epoll-4.2.18.Final-linux-x86_64.jar",
                "netty-codec-native-quic-4.2.18.Final-osx-aarch_64.jar")) {
            Files.writeString(lib.resolve(j), "");
        }
        Path app = Files.writeString(tmp.resolve("app.jar"), "");
        BootClasspath boot = BootClasspath.of(List.of(app.toString(), lib + "/*"));
        assertEquals("1.3.8", boot.version("reactor-netty-http").orElseThrow());
        assertEquals("4.2.18.Final", boot.version("netty-common").orElseThrow());
        assertEquals(List.of("netty-codec-http3", "netty-common", "netty-transport-native-epoll:linux-x86_64"),
                boot.nettyArtifacts(), "this machine's natives, not another platform's");
        List<ResolvedJar> build = List.of(
                new ResolvedJar("io.projectreactor.netty", "reactor-netty-http", null, "1.3.99", "/r/rnh.jar", null, null, 1),
                new ResolvedJar("io.projectreactor.netty", "reactor-netty-core", null, "1.3.99", "/r/rnc.jar", null, null, 1),
                new ResolvedJar("io.projectreactor", "reactor-core", null, "3.8.9", "/r/core.jar", null, null, 1),
                new ResolvedJar("io.netty", "netty-common", null, "4.2.19.Final", "/r/nc.jar", null, null, 1));
        assertEquals(List.of(app.toString(), lib.resolve("reactor-core-micrometer-1.2.0.jar").toString(),
                lib.resolve("spring-webflux-7.0.8.jar").toString(), "/r/rnh.jar", "/r/rnc.jar", "/r/core.jar",
                "/r/nc.jar"), boot.with(build), "the module's own jars, then the build's; no Netty of the module's");
        String pom = MavenClasspath.pom(new BuildRequest("1.3.99", "4.2.19.Final", null, true, boot.nettyArtifacts()));
        assertTrue(pom.contains("<artifactId>netty-codec-http3</artifactId></dependency>"), pom);
        assertEquals(1, pom.split("netty-transport-native-epoll</artifactId><classifier>linux-x86_64", -1).length - 1,
                "the line's native named once: " + pom);
        assertFalse(new BuildRequest("1.3.99", "4.2.19.Final", null, true, boot.nettyArtifacts()).withoutNatives()
                .nettyExtra().contains("netty-transport-native-epoll:linux-x86_64"));
    }

    @Test
    void theBuiltInReleasesResolveNothing(@TempDir Path tmp) {
        List<String> printed = new ArrayList<>();
        LibraryBuilds.Result r = builds(tmp).resolve(suite("      reactor-netty-version: [\"1.3.8\", \"1.2.18\"]"),
                TargetRegistry.builtIn(), printed::add);
        assertEquals(List.of(), printed);
        assertFalse(Files.exists(tmp.resolve("cache")), "no Maven run, nothing cached");
        assertTrue(r.registry().target("reactor-netty").orElseThrow().stack(Map.of("reactor-netty-version", "1.2.18"))
                .orElseThrow().def().versions() == null, "1.2.18 stays the registry's own classpath");
    }

    @Test
    void aVersionMavenCannotFindOfflineIsRefusedInOneLine(@TempDir Path tmp) {
        SuiteException e = assertThrows(SuiteException.class, () -> builds(tmp).resolve(
                suite("      reactor-netty-version: 1.3.97-nosuchbuild"), TargetRegistry.builtIn(), l -> { }));
        String m = e.getMessage();
        assertTrue(m.startsWith("builds.yaml:5"), m);
        assertTrue(m.contains("Maven cannot resolve reactor-netty-http:1.3.97-nosuchbuild netty-bom:4.2.18.Final from "
                + tmp.resolve("repo") + ": Could not find artifact io.projectreactor.netty:reactor-netty-http:jar:"
                + "1.3.97-nosuchbuild in the local repository (offline) (log: "), m);
        assertTrue(m.contains("publish your build to the local repository (./gradlew publishToMavenLocal"), m);
        assertFalse(m.contains("\n"), "one line: " + m);
    }

    @Test
    void theGeneratedPomNamesTheBuildAndTheLinesNatives() {
        String pom = MavenClasspath.pom(new BuildRequest("1.2.40-SNAPSHOT", "4.1.135.Final", "3.7.1", true));
        assertTrue(pom.contains("<artifactId>reactor-netty-http</artifactId><version>1.2.40-SNAPSHOT</version>"), pom);
        assertTrue(pom.contains("<artifactId>netty-bom</artifactId>\n                <version>4.1.135.Final</version>")
                || pom.contains("<version>4.1.135.Final</version>"), pom);
        assertTrue(pom.contains("<artifactId>reactor-core</artifactId><version>3.7.1</version>"), pom);
        assertTrue(pom.contains("netty-transport-native-epoll</artifactId><classifier>linux-x86_64"), pom);
        assertFalse(pom.contains("io_uring"), "Netty 4.1 has no io_uring: " + pom);
        String nio = MavenClasspath.pom(new BuildRequest("1.3.9", "4.2.19.Final", null, false));
        assertTrue(nio.contains("<exclusion><groupId>io.netty</groupId><artifactId>netty-transport-native-epoll"), nio);
    }

    @Test
    void mavensListReadsAsJarsWithASnapshotsHash(@TempDir Path tmp) throws Exception {
        Path snap = tmp.resolve("io/projectreactor/netty/reactor-netty-http/1.3.9-SNAPSHOT/reactor-netty-http-1.3.9-SNAPSHOT.jar");
        Files.createDirectories(snap.getParent());
        Files.writeString(snap, "a build");
        Path rel = tmp.resolve("netty-transport-native-epoll-4.2.18.Final-linux-x86_64.jar");
        Files.writeString(rel, "a release");
        List<ResolvedJar> jars = MavenClasspath.parse(List.of("", "The following files have been resolved:",
                "   io.projectreactor.netty:reactor-netty-http:jar:1.3.9-SNAPSHOT:compile:" + snap
                        + " -- module reactor.netty.http [auto]",
                "   io.netty:netty-transport-native-epoll:jar:linux-x86_64:4.2.18.Final:runtime:" + rel));
        assertEquals(2, jars.size());
        assertEquals("1.3.9-SNAPSHOT", jars.get(0).version());
        assertEquals(12, jars.get(0).sha256().length());
        assertTrue(jars.get(0).describe().startsWith("reactor-netty-http 1.3.9-SNAPSHOT (sha256 "), jars.get(0).describe());
        assertEquals("linux-x86_64", jars.get(1).classifier());
        assertNull(jars.get(1).sha256(), "a release is named by its version");
        assertEquals("netty-transport-native-epoll:linux-x86_64 4.2.18.Final", jars.get(1).describe());
    }

    @Test
    void mavensReasonIsShortenedToTheArtifact() {
        assertEquals("Could not find artifact io.netty:netty-transport-native-epoll:jar:linux-x86_64:4.2.19.Final in "
                + "central", MavenClasspath.firstError(List.of("[ERROR] Failed to execute goal on project classpath: "
                + "Could not resolve dependencies for project dev.fluxlab.build:classpath:pom:0: Could not find "
                + "artifact io.netty:netty-transport-native-epoll:jar:linux-x86_64:4.2.19.Final in central "
                + "(https://repo.maven.apache.org/maven2) -> [Help 1]")));
    }

    @Test
    void theLabsCodeLeavesTheLibrariesOut() {
        assertEquals(List.of("/x/fluxlab-cli.jar", "/x/classes", "/m2/picocli-4.7.7.jar"), LibraryBuilds.labCode(
                String.join(java.io.File.pathSeparator, "/x/fluxlab-cli.jar", "/x/classes",
                        "/m2/netty-common-4.2.18.Final.jar", "/m2/reactor-netty-http-1.3.8.jar",
                        "/m2/reactor-core-3.8.8.jar", "/m2/reactive-streams-1.0.4.jar", "/m2/picocli-4.7.7.jar")));
    }
}
