package dev.fluxlab.model.inject;

import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.model.suite.SuiteException;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The one table of load tools: names in the order refusals list them, the default, and the suite's checks refusing a
 * setting by what the named tool can do, not by its name.
 */
class InjectorsTest {

    private static final String BASE = """
            targets: {reactor-netty: {knobs: {transport: nio}}}
            scenarios: {plaintext: {path: /plaintext}}
            """;

    @Test
    void namesDefaultAndUnknownNames() {
        assertEquals(List.of("fluxlab", "wrk", "h2load", "ab", "gatling"), Injectors.names().subList(0, 5));
        assertSame(Injectors.FLUXLAB, Injectors.named(null));
        assertSame(Injectors.WRK, Injectors.named("wrk"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Injectors.named("jmeter"));
        assertTrue(e.getMessage().startsWith("unknown injector 'jmeter'; accepted: fluxlab, wrk, h2load, ab, gatling"),
                e.getMessage());
        assertTrue(Injectors.find("jmeter").isEmpty());
    }

    /** fluxlab's own injector can do everything the checks ask about, but send any method or count in batches. */
    @Test
    void fluxlabsOwnInjectorIsTheReference() {
        for (Capability c : Capability.values()) {
            assertEquals(c != Capability.ANY_METHOD && c != Capability.REQUEST_BATCHES, Injectors.FLUXLAB.can(c), c.name());
        }
        assertTrue(Injectors.FLUXLAB.speaks("h2c") && Injectors.FLUXLAB.speaks("h2") && Injectors.FLUXLAB.speaks("http1.1"));
        assertEquals("fluxlab's injector", Injectors.FLUXLAB.title());
        assertEquals("injector 'wrk'", Injectors.WRK.title());
    }

    /**
     * The fixes a refusal offers list the tools that can, leaving out the one refused (checked on prefixes, so that a
     * tool added to the table does not make this test wrong).
     */
    @Test
    void toolsWithACapabilityAsAPersonListsThem() {
        String counting = Injectors.withCapability(Capability.REQUEST_COUNT, null);
        assertTrue(counting.startsWith("fluxlab, h2load, ab") && counting.contains("gatling")
                && !counting.contains("wrk"), counting);
        String butGatling = Injectors.withCapability(Capability.REQUEST_COUNT, "gatling");
        assertTrue(butGatling.startsWith("fluxlab, h2load") && butGatling.contains("ab")
                && !butGatling.contains("gatling"), butGatling);
        assertTrue(Injectors.withCapability(Capability.OPEN_MODEL, null).startsWith("fluxlab"));
    }

    /** A rate, a connection per request and several injectors are refused for a tool without the capability. */
    @Test
    void theSuitesChecksAskTheToolsTraits() {
        SuiteException rate = assertThrows(SuiteException.class,
                () -> Suite.parse("s.yaml", BASE + "load: {rate: 100, injector: [fluxlab, h2load]}\n"));
        assertTrue(rate.getMessage().contains("injector 'h2load' runs a closed load only"), rate.getMessage());
        Suite.parse("s.yaml", BASE + "load: {rate: 100, injector: fluxlab}\n");

        SuiteException perRequest = assertThrows(SuiteException.class,
                () -> Suite.parse("s.yaml", BASE + "load: {keep_alive: false, injector: [fluxlab, ab, gatling]}\n"));
        assertTrue(perRequest.getMessage().contains("'keep_alive: false' cannot apply here: only fluxlab or ab open a "
                + "connection per request (ab without -k); drop gatling"), perRequest.getMessage());
        Suite.parse("s.yaml", BASE + "load: {keep_alive: false, injector: [fluxlab, ab]}\n");

        SuiteException several = assertThrows(SuiteException.class,
                () -> Suite.parse("s.yaml", BASE + "load: {connections: 4, injectors: 2, injector: wrk}\n"));
        assertTrue(several.getMessage().contains("several injectors are fluxlab's own only"), several.getMessage());
        assertFalse(Injectors.WRK.can(Capability.SEVERAL_INJECTORS));
    }
}
