package dev.fluxlab.it;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.profile.CollapsedStacks;
import dev.fluxlab.model.run.CellProfile;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.ProcessProfile;
import dev.fluxlab.model.run.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code fluxlab run} with {@code profile: cpu} on the real Reactor Netty target and injector: the extra profiled
 * repeat yields per-process flame graphs and collapsed stacks whose samples are the process's own work (Netty's event
 * loops), its figures stay out of the cell's repeats, and report.html, summary.md and results.json carry them.
 */
class ProfiledRunTest {

    @Test
    void aProfiledCellHasFlameGraphsOfItsOwnProcesses(@TempDir Path tmp) throws Exception {
        Path suite = Files.writeString(tmp.resolve("profiled.yaml"), """
                name: profiled
                targets:
                  reactor-netty:
                    knobs: {protocol: http1.1, transport: nio}
                    jvm: {heap: 128m}
                scenarios:
                  plaintext: {path: /plaintext, expect: {status: 200, body: "Hello, World!"}}
                load: {connections: 4}
                warmup: 3s
                measure: 3s
                profile: cpu
                """);
        Path out = tmp.resolve("run");
        Fluxlab.Outcome o = Fluxlab.execute("run", "--out", out.toString(), suite.toString());
        assertEquals(0, o.code(), o.out() + o.err());
        assertTrue(o.out().contains("profile cpu"), "the end report prints the profile and its overhead: " + o.out());

        RunResult r = Json.read(out.resolve("results.json"), RunResult.class);
        CellResult cell = r.cells().getFirst();
        assertEquals(1, cell.repeats().size(), "the profiled repeat is not one of the cell's repeats");
        assertEquals(1, cell.summary().throughputRps().n(), "nor in its summary");
        assertNotNull(cell.profiles(), o.out());
        CellProfile p = cell.profiles().getFirst();
        assertEquals("cpu", p.mode());
        assertEquals(2, p.repeat().repeat(), "the profiled repeat runs after the others");
        assertEquals(Set.of("reactor-netty", "injector"),
                Set.copyOf(p.processes().stream().map(ProcessProfile::process).toList()));
        for (ProcessProfile pp : p.processes()) {
            assertNull(pp.problem(), pp.process() + ": " + pp.problem());
            assertTrue(Set.of("ctimer", "itimer").contains(pp.event()), "timer-based CPU sampling ran: " + pp.event());
            Path html = out.resolve(pp.flameGraph());
            assertTrue(Files.size(html) > 10_000, "async-profiler's flame graph " + html);
            CollapsedStacks stacks = CollapsedStacks.read(out.resolve(pp.collapsed()));
            assertTrue(stacks.total() > 0, pp.process() + " has samples");
            assertEquals(stacks.total(), pp.samples());
            // sampled from the first measured second (the injector's first measure line) to the end line
            assertNotNull(pp.sampledS(), pp.process() + " records how long it was sampled");
            assertTrue(pp.sampledS() > 0.5 && pp.sampledS() <= p.repeat().measuredS() + 0.5,
                    pp.process() + " sampled " + pp.sampledS() + " s of a " + p.repeat().measuredS() + " s window");
            assertEquals(stacks.top(10), pp.top(), "results.json's top frames are those of the collapsed stacks");
            long netty = stacks.stacks().entrySet().stream()
                    .filter(e -> e.getKey().contains("io/netty/") || e.getKey().contains("io.netty."))
                    .mapToLong(java.util.Map.Entry::getValue).sum();
            assertTrue(netty * 4 >= stacks.total(), pp.process() + ": at least a quarter of the samples run "
                    + "through Netty (its event loops), not " + netty + " of " + stacks.total() + "; top " + pp.top());
        }
        String html = Files.readString(out.resolve("report.html"));
        assertTrue(html.contains("id=\"profiles\"") && html.contains(p.processes().getFirst().flameGraph()),
                "report.html links the flame graphs");
        String md = Files.readString(out.resolve("summary.md"));
        assertTrue(md.contains(" s of the " + String.format(java.util.Locale.ROOT, "%.1f", p.repeat().measuredS())
                + " s window"), "summary.md says how long each process was sampled: " + md);
        assertTrue(md.contains("## Profiles") && md.contains(p.processes().getFirst().top().getFirst().frame()
                .replace("_", "\\_")), md);
        assertTrue(List.of(Files.list(out.resolve(cell.dir())).map(f -> f.getFileName().toString()).toArray())
                .contains("injector-cpu.html"));
    }
}
