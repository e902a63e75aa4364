package dev.fluxlab.cli.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxlab.cli.Main;
import dev.fluxlab.cli.serve.ServeReactorNettyCommandTest.Result;
import dev.fluxlab.runner.registry.TargetRegistry;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@code fluxlab serve} with a word that is none of its targets: a target {@code fluxlab list} shows but only a suite
 * run starts (picocli said "Unmatched argument ... Did you mean: serve netty"), or a misspelt one.
 */
class ServeCommandTest {

    private static final String SERVED = "fan-out, frontend, httpclient-loader, mock-api, netty, reactor-netty, undertow";

    @Test
    void aTargetOnlyASuiteRunStartsIsNamedAsSuch() {
        Result r = ServeReactorNettyCommandTest.run("serve", "webflux-netty", "--stack", "boot-4.0");
        assertEquals(2, r.exitCode(), r.err());
        assertEquals("fluxlab serve: TARGET: 'webflux-netty' runs from a classpath of its own, so only a suite run "
                + "starts it: name it under 'targets:' in a suite and run 'fluxlab run SUITE' (fluxlab list shows the "
                + "shipped suites); 'fluxlab serve' starts " + SERVED + "\n", r.err());
        assertEquals("", r.out());
    }

    @Test
    void aMisspeltTargetGetsTheList() {
        Result r = ServeReactorNettyCommandTest.run("serve", "reactor-nety", "--protocol", "h2c");
        assertEquals(2, r.exitCode(), r.err());
        assertEquals("fluxlab serve: TARGET: unknown target 'reactor-nety'; accepted: " + SERVED
                + " (fluxlab list shows every target)\n", r.err());
    }

    @Test
    void noTargetStillSaysSo() {
        Result r = ServeReactorNettyCommandTest.run("serve");
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().startsWith("fluxlab: missing target; try 'fluxlab serve reactor-netty --help'"), r.err());
    }

    /** {@code fluxlab list} marks every target {@code fluxlab serve} does not start, and no other. */
    @Test
    void listMarksTheTargetsServeDoesNotStart() {
        Result r = ServeReactorNettyCommandTest.run("list");
        assertEquals(0, r.exitCode(), r.err());
        Set<String> served = ServeCommand.served(Main.commandLine().getSubcommands().get("serve").getCommandSpec());
        assertEquals(SERVED, String.join(", ", served));
        for (String name : TargetRegistry.builtIn().targetNames()) {
            String line = r.out().lines().filter(l -> l.startsWith("  " + name + " - ")).findFirst().orElseThrow();
            assertEquals(!served.contains(name), line.endsWith("[a suite run starts it: its own classpath, not "
                    + "fluxlab serve]"), line);
        }
    }
}
