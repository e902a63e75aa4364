package dev.fluxlab.it;

import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.runner.registry.HostPlatform;
import dev.fluxlab.runner.registry.SuiteValidator;
import dev.fluxlab.runner.registry.TargetRegistry;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

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
}
