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
                  webflux-netty:
                    knobs: {reactor-netty-version: 1.3.9-SNAPSHOT}
                scenarios:
                  plaintext: {method: GET, path: /plaintext, expect: {status: 200}}
                """);
        SuiteException e = assertThrows(SuiteException.class, () -> new dev.fluxlab.runner.registry.SuiteValidator(
                TargetRegistry.builtIn(), new dev.fluxlab.runner.registry.HostPlatform()).validate(s));
        assertTrue(e.getMessage().contains("target 'webflux-netty': unknown knob 'reactor-netty-version'; accepted: ")
                && e.getMessage().contains("; a build of the libraries (reactor-netty-version) runs under reactor-netty, "
                + "frontend, httpclient-loader only, not this target yet"), e.getMessage());
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
