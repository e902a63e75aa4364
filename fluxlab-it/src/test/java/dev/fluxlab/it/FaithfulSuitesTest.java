package dev.fluxlab.it;

import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.runner.registry.HostPlatform;
import dev.fluxlab.runner.registry.SuiteValidator;
import dev.fluxlab.runner.registry.TargetRegistry;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The seeds' faithful variants validate here (warnings aside), say what machine they assume and carry claims. */
class FaithfulSuitesTest {

    @Test
    void everyFaithfulVariantValidatesWithItsClaims() {
        SuiteValidator validator = new SuiteValidator(TargetRegistry.builtIn(), new HostPlatform());
        for (String name : List.of("webflux-schedulers", "parallel-flux", "frameworks", "h2-proxy")) {
            Suite faithful = Suite.load(Path.of("..", "suites", name + "-faithful.yaml"));
            validator.validate(faithful);
            assertNotNull(faithful.assumptions().cores(), name);
            assertFalse(faithful.claims().isEmpty(), name);
            // the variant judges claims of every seed the shipped suite quotes
            Suite shipped = Suite.load(Path.of("..", "suites", name + ".yaml"));
            assertTrue(faithful.claims().stream().map(c -> c.source()).toList()
                    .containsAll(shipped.claims().stream().map(c -> c.source()).toList()), name);
        }
    }

    @Test
    void seed004RunsItsShownDepthBesideThePipelinedVariant() {
        Suite s = Suite.load(Path.of("..", "suites", "frameworks-faithful.yaml"));
        java.util.Map<Integer, List<String>> byDepth = new java.util.TreeMap<>();
        s.cells().forEach(c -> byDepth.computeIfAbsent(c.load().inFlight(), k -> new java.util.ArrayList<>())
                .add(c.target()));
        assertEquals(List.of(1, 16), List.copyOf(byDepth.keySet()), "depth 1 (the seed's) and 16 (the variant)");
        assertEquals(byDepth.get(1), byDepth.get(16), "every framework at both depths");
        assertTrue(s.cells().stream().allMatch(c -> "wrk".equals(c.load().injectorName())));
    }

    @Test
    void seed002OffersTheLoopsItWroteAndTheLoopsItLikelyRan() {
        Suite s = Suite.load(Path.of("..", "suites", "webflux-schedulers-faithful.yaml"));
        List<dev.fluxlab.model.suite.Cell> written = s.cells().stream()
                .filter(c -> c.target().equals("webflux-netty")).toList();
        assertEquals(6, written.size(), "the six endpoints as written");
        assertTrue(written.stream().allMatch(c -> "48".equals(c.entryProcess().knobs().get("workers"))
                && "io_uring".equals(c.entryProcess().knobs().get("transport"))), "48 io_uring loops as written");
        List<dev.fluxlab.model.suite.Cell> asRun = s.cells().stream()
                .filter(c -> c.target().equals("webflux-as-run")).toList();
        // only endpoint 03 by default: its 05 costs about 83 minutes (the suite's header)
        assertEquals(List.of("03-elastic"), asRun.stream().map(dev.fluxlab.model.suite.Cell::scenarioName).toList());
        java.util.Map<String, String> knobs = asRun.get(0).entryProcess().knobs();
        assertEquals("12", knobs.get("workers"), "Reactor Netty's default on the seed's 12 cores");
        for (String seedsOwn : List.of("transport", "backlog", "tcp-fastopen", "allocator", "rcvbuf", "sndbuf")) {
            assertFalse(knobs.containsKey(seedsOwn), seedsOwn + " stays at its default in the as-run row: " + knobs);
        }
    }
}
