package dev.fluxlab.it;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.StackVersions;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.ProcessStats;
import dev.fluxlab.model.run.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static dev.fluxlab.it.LocalReactorNettyBuild.VERSION;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A Reactor Netty build that exists only in a local Maven repository ({@link LocalReactorNettyBuild}) under the
 * WebFlux target: it is resolved offline and put into the Boot module's classpath in place of Boot's own Reactor
 * Netty (every Netty jar of the module taken from the build's BOM), and the Spring application serves a valid cell on
 * it, reporting the made-up version it loaded.
 */
class WebfluxLocalBuildRunTest {

    @Test
    void aBuildInALocalRepositoryRunsTheWebfluxApplication(@TempDir Path tmp) throws Exception {
        LocalReactorNettyBuild.Run run = LocalReactorNettyBuild.run(tmp, "webflux-netty", "{transport: epoll}");
        Fluxlab.Outcome o = run.outcome();
        assertEquals(0, o.code(), o.err() + o.out());
        assertTrue(o.out().contains("resolved reactor-netty-http:" + VERSION + " netty-bom:4.2.18.Final into target "
                + "webflux-netty (stack boot-4.0)'s classpath: ") && o.out().contains("reactor-netty-core " + VERSION)
                && o.out().contains("netty-codec-http2 4.2.18.Final"), o.out());
        RunResult r = Json.read(run.out().resolve("results.json"), RunResult.class);
        CellResult c = r.cells().getFirst();
        assertTrue(c.valid(), c.reasons().toString());
        assertTrue(c.versions().get("resolved").contains("reactor-netty-http " + VERSION), c.versions().toString());
        ProcessStats target = c.repeats().getFirst().processes().stream().filter(p -> p.role().equals("target"))
                .findFirst().orElseThrow();
        assertEquals(VERSION, target.versions().get(StackVersions.REACTOR_NETTY), "what the Spring application loaded");
        assertEquals("4.2.18.Final", target.versions().get(StackVersions.NETTY));
    }
}
