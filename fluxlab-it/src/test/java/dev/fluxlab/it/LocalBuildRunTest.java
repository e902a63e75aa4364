package dev.fluxlab.it;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.StackVersions;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.ProcessStats;
import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.runner.registry.HostPlatform;
import dev.fluxlab.runner.registry.SuiteValidator;
import dev.fluxlab.runner.registry.TargetRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A Reactor Netty build that exists only in a local Maven repository ({@link LocalReactorNettyBuild}: the lab's 1.3.8
 * jars re-installed under a made-up version, as a {@code publishToMavenLocal} of a branch writes them) is resolved
 * offline and serves a valid cell, the version set as a user would ({@code --set
 * targets.reactor-netty.knobs.reactor-netty-version=...}); the server reports the made-up version it loaded, and the
 * cell records every resolved jar. The shipped branch-vs-release suite is valid as shipped.
 */
class LocalBuildRunTest {

    private static final Path SUITE = Path.of("..", "suites", "branch-vs-release.yaml");
    private static final String MADE_UP = LocalReactorNettyBuild.VERSION;

    @Test
    void theShippedSuiteIsValidAndComparesTheReleaseWithABuild() {
        Suite s = Suite.load(SUITE);
        new SuiteValidator(TargetRegistry.builtIn(), new HostPlatform()).validate(s);
        assertEquals(16, s.cells().size());
        assertEquals(List.of("1.3.8", "1.3.9-SNAPSHOT"), s.cells().stream()
                .map(c -> c.knobs().get("reactor-netty-version")).distinct().toList());
        assertEquals(List.of("reactor-netty-version"), s.tables().get(0).columns());
    }

    @Test
    void aBuildInALocalRepositoryIsResolvedOfflineAndServesAValidCell(@TempDir Path tmp) throws Exception {
        // the shipped suite's first cell on the build alone, short
        LocalReactorNettyBuild.Run run = LocalReactorNettyBuild.run(tmp, "reactor-netty",
                "{reactor-netty-version: \"1.3.8\", transport: epoll}");
        Fluxlab.Outcome o = run.outcome();
        assertEquals(0, o.code(), o.err() + o.out());
        assertTrue(o.out().contains("resolved reactor-netty-http:" + MADE_UP + " netty-bom:4.2.18.Final: "
                + "reactor-netty-http " + MADE_UP + ", ") && o.out().contains(", reactor-netty-core " + MADE_UP + ", ")
                && o.out().contains(", netty-common 4.2.18.Final"), o.out());
        RunResult r = Json.read(run.out().resolve("results.json"), RunResult.class);
        assertEquals(1, r.cells().size());
        CellResult c = r.cells().get(0);
        assertTrue(c.valid(), c.reasons().toString());
        assertEquals(MADE_UP, c.versions().get("reactor-netty"), c.versions().toString());
        assertTrue(c.versions().get("resolved").contains("reactor-netty-http " + MADE_UP)
                && c.versions().get("resolved").contains("netty-common 4.2.18.Final"), c.versions().toString());
        ProcessStats target = c.repeats().get(0).processes().stream().filter(p -> p.role().equals("target"))
                .findFirst().orElseThrow();
        assertEquals(MADE_UP, target.versions().get(StackVersions.REACTOR_NETTY), "what the server loaded");
    }
}
