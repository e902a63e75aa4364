package dev.fluxlab.cli;

import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.runner.launch.TargetAotCache;
import dev.fluxlab.runner.registry.TargetRegistry;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The dry run's line on the targets' AOT caches: cold with {@code aot: false} or where caches cannot be used. */
class AotPlanTest {

    private static final String SUITE = """
            name: s
            targets:
              reactor-netty: {}
            scenarios:
              plaintext: {path: /plaintext}
            load: {connections: 4}
            """;

    @Test
    void aotFalseAndAJvmWithoutCachesStartTargetsCold() {
        TargetRegistry registry = TargetRegistry.builtIn();
        TargetAotCache here = new TargetAotCache(registry, TargetRegistry.java());
        String cold = "every target starts cold, without a trained AOT cache (the default; aot: true trains and uses "
                + "them: docs/suites.md \"Trained targets\")";
        assertEquals(cold, RunCommand.aotPlan(Suite.parse("s.yaml", SUITE + "aot: false\n"), here));
        assertEquals(cold, RunCommand.aotPlan(Suite.parse("s.yaml", SUITE), here), "cold unless asked");
        // children on another JVM: its version is unknown, so no cache is offered
        String other = RunCommand.aotPlan(Suite.parse("s.yaml", SUITE + "aot: true\n"),
                new TargetAotCache(registry, "/opt/jdk/bin/java"));
        assertTrue(other.startsWith("targets start cold: trained AOT caches need JDK 25 or newer"), other);
    }

    @Test
    void theAotAbSuiteTrainsOnlyForItsTrainedCellsAndItsDryRunSaysSo() {
        TargetRegistry registry = TargetRegistry.builtIn();
        Suite s = Suite.load(java.nio.file.Path.of("..", "suites", "aot-ab.yaml"));
        String plan = RunCommand.aotPlan(s, new TargetAotCache(registry, TargetRegistry.java()));
        if (new TargetAotCache(registry, TargetRegistry.java()).enabled()) {
            assertTrue(plan.endsWith("; 5 of 10 cells start their targets cold by their aot knob (jvm.aot: false)"),
                    plan);
        }
        RunCommandTest.Outcome o = RunCommandTest.execute("run", "--dry-run", "../suites/aot-ab.yaml");
        assertEquals(0, o.code(), o.err() + o.out());
        assertTrue(o.out().contains("target=reactor-netty,protocol=http1.1,transport=epoll,heap=256m,aot=false")
                || o.out().contains("aot=false"), o.out());
        assertTrue(o.out().contains("5 claims") || o.out().contains("within 5%"), o.out());
    }
}
