package dev.fluxlab.runner.build;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A resolved classpath is used again while its jars are as they were, and resolved again once a SNAPSHOT jar was
 * published anew (another time or size) or a jar is gone; each build and local repository has its own entry.
 */
class BuildCacheTest {

    @Test
    void aSnapshotPublishedAgainIsResolvedAgain(@TempDir Path tmp) throws Exception {
        Path repo = tmp.resolve("repo");
        Path snap = repo.resolve("reactor-netty-http/1.3.9-SNAPSHOT/reactor-netty-http-1.3.9-SNAPSHOT.jar");
        Path rel = repo.resolve("netty-common/4.2.18.Final/netty-common-4.2.18.Final.jar");
        Files.createDirectories(snap.getParent());
        Files.createDirectories(rel.getParent());
        Files.writeString(snap, "build 1");
        Files.writeString(rel, "release");
        Files.setLastModifiedTime(snap, FileTime.from(Instant.parse("2026-12-01T10:00:00Z")));
        BuildRequest r = new BuildRequest("1.3.9-SNAPSHOT", "4.2.18.Final", null, true);
        BuildCache cache = new BuildCache(tmp.resolve("cache"));
        List<ResolvedJar> jars = List.of(
                MavenClasspath.jar("io.projectreactor.netty", "reactor-netty-http", null, "1.3.9-SNAPSHOT", snap),
                MavenClasspath.jar("io.netty", "netty-common", null, "4.2.18.Final", rel));
        cache.put(r, repo, jars);
        assertEquals(jars, cache.get(r, repo).orElseThrow(), "unchanged: used again");
        assertTrue(cache.get(r, tmp.resolve("other-repo")).isEmpty(), "another local repository, another entry");
        assertTrue(cache.get(r.withoutNatives(), repo).isEmpty(), "another build, another entry");

        Files.setLastModifiedTime(snap, FileTime.from(Instant.parse("2026-12-02T10:00:00Z")));
        assertTrue(cache.get(r, repo).isEmpty(), "the SNAPSHOT was published again: resolved again");
        cache.put(r, repo, List.of(
                MavenClasspath.jar("io.projectreactor.netty", "reactor-netty-http", null, "1.3.9-SNAPSHOT", snap),
                jars.get(1)));
        assertTrue(cache.get(r, repo).isPresent());
        Files.delete(rel);
        assertTrue(cache.get(r, repo).isEmpty(), "a jar gone: resolved again");
    }
}
