package dev.fluxlab.runner.registry;

import dev.fluxlab.model.Readiness;
import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.model.suite.SuiteException;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each registry target declares what its readiness line may carry ({@code announces:}), so a chain's
 * {@code ${process.attribute}} is checked against the named process's own line: checked against every attribute any
 * target announces, {@code ${backend.delay-ms}} of a reactor-netty backend passed and failed the cell once the backend
 * had started.
 */
class RegistryAnnouncesTest {

    @Test
    void everyTargetDeclaresItsAttributesByTheContractsNames() {
        List<String> problems = new ArrayList<>();
        TargetRegistry.builtIn().targets().forEach((name, def) -> {
            if (def.announces() == null) {
                problems.add(name + " declares no 'announces'");
                return;
            }
            for (String a : def.announces()) {
                if (!Readiness.attributes().contains(a)) {
                    problems.add(name + ": '" + a + "' is no attribute dev.fluxlab.model.Readiness names");
                }
                if (LaunchDef.EVERY_LINE.contains(a)) {
                    problems.add(name + ": '" + a + "' is on every line; leave it out of 'announces'");
                }
            }
            if (def.announces().stream().distinct().count() != def.announces().size()) {
                problems.add(name + ": an attribute is named twice");
            }
        });
        assertEquals(List.of(), problems);
    }

    @Test
    void aReferenceIsCheckedAgainstTheNamedProcesssOwnLine() {
        String chain = """
                targets:
                  chain:
                    entry: front
                    processes:
                      back: {target: BACK}
                      front: {target: fan-out, knobs: {backend-url: "http://127.0.0.1:${back.port}", backend-delay: "${back.ATTR}ms"}}
                scenarios: {p: {path: /fanout}}
                """;
        // the mock API announces its delay: the fan-out's expected delay may take it, as the shipped suites do
        new SuiteValidator(TargetRegistry.builtIn(), SuiteValidatorTest.NO_URING)
                .validate(Suite.parse("s.yaml", chain.replace("BACK", "mock-api").replace("ATTR", "delay-ms")));
        SuiteException e = assertThrows(SuiteException.class, () -> new SuiteValidator(TargetRegistry.builtIn(),
                SuiteValidatorTest.NO_URING).validate(Suite.parse("s.yaml",
                chain.replace("BACK", "reactor-netty").replace("ATTR", "delay-ms"))));
        assertTrue(e.getMessage().contains("'${back.delay-ms}' names no attribute process 'back' announces: unknown "
                + "attribute 'delay-ms'; accepted: allocator, async-core"), e.getMessage());
        assertTrue(e.getMessage().endsWith("('delay-ms' is another target's; docs/contracts.md says what each "
                + "target's readiness line carries)"), e.getMessage());
    }
}
