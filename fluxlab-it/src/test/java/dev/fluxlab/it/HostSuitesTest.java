package dev.fluxlab.it;

import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.runner.registry.HostPlatform;
import dev.fluxlab.runner.registry.SuiteValidator;
import dev.fluxlab.runner.registry.TargetRegistry;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The seeds' host suites validate as {@code fluxlab run --dry-run} does (the lab's generated ssh config, present only
 * while the namespace lab is up, left out) and place every role as the seeds ran it: h2-proxy-hosts with backend,
 * frontend and injector on three hosts, fluxlab's injector and Gatling, Get / Post / Post2, the four client modes and
 * the seeds' claims on the Gatling cells; webflux-schedulers-hosts (seed 002) with ab beside fluxlab's injector on a
 * host of their own against the WebFlux server; parallel-flux-hosts (seed 003) with the fan-out service alone on its
 * host.
 */
class HostSuitesTest {

    private static Suite validated(String name) throws Exception {
        Path file = Path.of("..", "suites", name + ".yaml");
        Suite s = Suite.parse(file.toString(), Files.readString(file).replaceAll("(?m)^\\s*ssh_config: .*\n", ""));
        new SuiteValidator(TargetRegistry.builtIn(), new HostPlatform()).validate(s);
        return s;
    }

    private static Cell.CellProcess process(Cell c, String name) {
        return c.processes().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
    }

    /** The load tool of every cell a claim compares. */
    private static Set<String> claimInjectors(Suite s, dev.fluxlab.model.claim.Claim claim) {
        return claim.cells().stream().map(cc -> s.cells().stream().filter(c -> c.id().equals(cc.id())).findFirst()
                .orElseThrow().load().injectorName()).collect(Collectors.toSet());
    }

    private static Set<String> knob(Suite s, String process, String knob) {
        return s.cells().stream().flatMap(c -> c.processes().stream()).filter(p -> p.name().equals(process))
                .map(p -> p.knobs().get(knob)).collect(Collectors.toCollection(TreeSet::new));
    }

    @Test
    void h2ProxyHostsIsTheSeedsLayout() throws Exception {
        Suite s = validated("h2-proxy-hosts");
        List<Cell> proxy = s.cells().stream().filter(c -> c.target().equals("proxy")).toList();
        for (Cell c : proxy) {
            assertEquals("back", process(c, "backend").host(), c.id());
            assertEquals("front", process(c, "frontend").host(), c.id());
            assertEquals(List.of("inject"), c.load().hosts(), c.id());
        }
        assertEquals(Set.of("fluxlab", "gatling"), proxy.stream().map(c -> c.load().injectorName())
                .collect(Collectors.toSet()));
        assertEquals(Set.of("Get", "Post", "Post2"), proxy.stream().map(Cell::scenarioName).collect(Collectors.toSet()));
        assertEquals(new TreeSet<>(Set.of("colocated", "no-colocation", "per-loop-pools", "work-stealing")),
                knob(s, "frontend", "client-mode"));
        assertTrue(s.cells().stream().anyMatch(c -> c.target().equals("loader")
                && "front".equals(process(c, "client").host())), "the loader runs on the frontend's host");
        assertEquals(5, s.claims().size(), "the seeds' claims");
        s.claims().forEach(cl -> assertEquals(Set.of("gatling"), claimInjectors(s, cl), cl.title()
                + ": the seeds' figures are Gatling's"));
    }

    @Test
    void seed002RunsAbOnAHostOfItsOwnAgainstWebfluxNetty() throws Exception {
        Suite s = validated("webflux-schedulers-hosts");
        assertEquals(Set.of("ab", "fluxlab"), s.cells().stream().map(c -> c.load().injectorName())
                .collect(Collectors.toSet()));
        for (Cell c : s.cells()) {
            assertEquals("webflux-netty", c.entryProcess().target());
            assertEquals("server", c.entryProcess().host());
            assertEquals(List.of("inject"), c.load().hosts());
        }
        assertEquals(3, s.claims().size());
        s.claims().forEach(cl -> assertEquals(Set.of("ab"), claimInjectors(s, cl), cl.title()));
    }

    @Test
    void seed003RunsTheFanOutServiceAloneOnItsHost() throws Exception {
        Suite s = validated("parallel-flux-hosts");
        assertEquals(new TreeSet<>(Set.of("parallel", "parallel-n", "mono", "subscribe-on")),
                knob(s, "service", "strategy"));
        for (Cell c : s.cells()) {
            assertEquals("service", process(c, "service").host());
            assertEquals("load", process(c, "backend").host(), "the mock API beside the injector");
            assertEquals(List.of("load"), c.load().hosts());
        }
    }
}
