package dev.fluxlab.runner.registry;

import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.model.suite.SuiteException;
import dev.fluxlab.runner.launch.Commands;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A stack knob ({@code reactor-netty-version}) picks the classpath a process starts from, and validation refuses,
 * before anything starts, a release that is not offered, a knob value the chosen stack cannot run (io_uring on Netty
 * 4.1) and a stack whose classpath is not built.
 */
class StackKnobTest {

    /** Every transport loads here: the refusals below come from the stack, not from the machine. */
    private static final Platform ANY = new Platform() {
        @Override
        public Optional<String> transportProblem(String transport) {
            return Optional.empty();
        }

        @Override
        public Optional<String> gcProblem(String gc) {
            return Optional.empty();
        }
    };

    /** A target with a built stack ({@code old}: a file that exists) and one never built ({@code gone}). */
    private static final TargetRegistry REGISTRY = TargetRegistry.parse("""
            injector: {main: Inj}
            targets:
              server:
                main: Serve
                args: [serve]
                knobs:
                  line:
                    type: enum
                    values: [new, old, gone]
                    default: new
                    note: only lines whose natives resolve here
                    stacks:
                      old:
                        label: the old line
                        main: OldServe
                        classpath: [pom.xml, "old/lib/*"]
                        module: old-module
                        offers: {transport: [nio, epoll]}
                        why: the old line has no io_uring
                      gone:
                        label: a line never built
                        classpath: [no/such/module.jar]
                        module: gone-module
                  transport: {type: enum, values: [native, io_uring, epoll, nio], default: native, check: transport}
            """);

    private static SuiteException refused(TargetRegistry registry, Platform platform, String yaml) {
        Suite s = Suite.parse("s.yaml", yaml);
        return assertThrows(SuiteException.class, () -> new SuiteValidator(registry, platform).validate(s));
    }

    @Test
    void theKnobValuePicksMainArgsAndClasspath() {
        Suite s = Suite.parse("s.yaml", """
                targets: {server: {knobs: {line: [new, old], transport: epoll}}}
                scenarios: {a: {path: /}}
                """);
        new SuiteValidator(REGISTRY, ANY).validate(s);
        Commands commands = new Commands(REGISTRY, "java");
        List<Cell> cells = s.cells();
        List<String> fresh = commands.target(cells.get(0).processes().get(0), null, Map.of());
        List<String> old = commands.target(cells.get(1).processes().get(0), null, Map.of());
        assertTrue(fresh.contains("Serve") && fresh.contains("serve"), fresh.toString());
        assertTrue(old.contains("OldServe") && old.contains("serve"), old.toString());
        String cp = old.get(old.indexOf("-cp") + 1);
        assertTrue(cp.endsWith("pom.xml" + java.io.File.pathSeparator + TargetRegistry.home().resolve("old/lib/*")),
                cp);
        assertTrue(old.contains("--line=old"), "the target checks the release it loaded: " + old);
    }

    /** A target that crashes leaves its hs_err report beside its GC log, not in the user's working folder. */
    @Test
    void aTargetsCrashReportGoesIntoItsCellFolder() {
        Suite s = Suite.parse("s.yaml", """
                targets: {server: {knobs: {line: new, transport: epoll}}}
                scenarios: {a: {path: /}}
                """);
        Cell.CellProcess p = s.cells().get(0).processes().get(0);
        java.nio.file.Path gc = java.nio.file.Path.of("/r/cells/001-x/server-1-gc.log");
        List<String> cmd = new Commands(REGISTRY, "java").target(p, gc, Map.of());
        assertTrue(cmd.contains("-XX:ErrorFile=/r/cells/001-x/" + p.name() + "-hs_err_pid%p.log"), cmd.toString());
        // and the injector's beside its load document, a JVM option (before the main class)
        List<String> inj = new Commands(REGISTRY, "java").injector(dev.fluxlab.model.contract.LoadArgs.builder()
                .url("http://127.0.0.1:1/").json(java.nio.file.Path.of("/r/cells/001-x/load-1.json")).build());
        int at = inj.indexOf("-XX:ErrorFile=/r/cells/001-x/injector-hs_err_pid%p.log");
        assertTrue(at > 0 && at < inj.indexOf("Inj"), inj.toString());
    }

    @Test
    void aStackRefusesTheValuesItDoesNotOfferAtTheirLine() {
        SuiteException e = refused(REGISTRY, ANY, """
                targets:
                  server:
                    knobs:
                      line: old
                      transport: [epoll, io_uring]
                scenarios: {a: {path: /}}
                """);
        assertEquals(5, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains("transport 'io_uring' cannot run on line old (the old line): the old line "
                + "has no io_uring; it offers transport nio, epoll"), e.getMessage());
        // crossed with the new line, an exclude leaves the cell out
        new SuiteValidator(REGISTRY, ANY).validate(Suite.parse("s.yaml", """
                targets: {server: {knobs: {line: [new, old], transport: [epoll, io_uring]}}}
                scenarios: {a: {path: /}}
                exclude: [{line: old, transport: io_uring}]
                """));
    }

    @Test
    void aDefaultTheStackDoesNotOfferIsRefusedAtTheStackKnob() {
        SuiteException e = refused(REGISTRY, ANY, """
                targets:
                  server:
                    knobs: {line: old}
                scenarios: {a: {path: /}}
                """);
        assertTrue(e.getMessage().contains("transport 'native' cannot run on line old"), e.getMessage());
    }

    @Test
    void anUnbuiltStackAndAnUnknownReleaseAreRefusedNamingWhatIsOffered() {
        SuiteException gone = refused(REGISTRY, ANY, """
                targets: {server: {knobs: {line: gone}}}
                scenarios: {a: {path: /}}
                """);
        assertTrue(gone.getMessage().contains("line gone (a line never built) runs from module gone-module's own "
                + "classpath, which is not built (no/such/module.jar is missing)"), gone.getMessage());
        SuiteException unknown = refused(REGISTRY, ANY, """
                targets: {server: {knobs: {line: older}}}
                scenarios: {a: {path: /}}
                """);
        assertTrue(unknown.getMessage().contains("knob 'line': unknown value 'older'; accepted: new, old, gone "
                + "(only lines whose natives resolve here)"), unknown.getMessage());
    }

    /**
     * The built-in registry: Reactor Netty 1.2 refuses io_uring and names the offered releases; another version is a
     * build Maven resolves before the run (runner.build's LibraryBuildsTest), not a value the knob refuses.
     */
    @Test
    void reactorNetty12RefusesIoUringAndUnknownReleases() {
        TargetRegistry builtIn = TargetRegistry.builtIn();
        SuiteException uring = refused(builtIn, SuiteValidatorTest.NO_URING, """
                targets:
                  reactor-netty:
                    knobs: {reactor-netty-version: "1.2.18", transport: io_uring}
                scenarios: {a: {path: /plaintext}}
                """);
        assertTrue(uring.getMessage().contains("transport 'io_uring' cannot run on reactor-netty-version 1.2.18 "
                + "(Reactor Netty 1.2.18 on Netty 4.1.135.Final): Netty 4.1 has no io_uring transport"),
                uring.getMessage());
        SuiteException unknown = refused(builtIn, SuiteValidatorTest.NO_URING, """
                targets:
                  reactor-netty:
                    knobs: {reactor-netty-version: "latest"}
                scenarios: {a: {path: /plaintext}}
                """);
        assertTrue(unknown.getMessage().contains("knob 'reactor-netty-version': unknown value 'latest'; accepted: "
                + "1.3.8, 1.2.18"), unknown.getMessage());
        assertTrue(unknown.getMessage().contains("Netty natives newer than 4.2.18.Final and 4.1.137.Final are not "
                + "served"), unknown.getMessage());
    }
}
