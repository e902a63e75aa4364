package dev.fluxlab.model.suite;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SuiteOverridesTest {

    private static final String SUITE = """
            targets:
              reactor-netty:
                knobs:
                  transport: [nio, epoll]
            scenarios:
              plaintext: {path: /plaintext}
              v1.json: {path: /json}
            load:
              - connections: [16, 64]
              - connections: 8
                rate: 100
            measure: 4s
            """;

    private static Suite with(String... overrides) {
        return Suite.parse("o.yaml", SUITE, java.util.Arrays.asList(overrides));
    }

    private static String refused(String... overrides) {
        SuiteException e = assertThrows(SuiteException.class, () -> with(overrides));
        assertEquals(0, e.line(), "an override has no line: " + e.getMessage());
        return e.getMessage();
    }

    @Test
    void overridesSettingsListsKnobsAndJvmOptionsAnywhereInTheTree() {
        Suite s = with("measure=10s", "repeats=3", "load.connections=1000",
                "targets.reactor-netty.knobs.transport=epoll", "targets.reactor-netty.jvm.heap=8g",
                "targets.reactor-netty.jvm.flags=[-XX:+AlwaysPreTouch, -XX:+UseNUMA]", "/scenarios/v1.json/path=/v2/json",
                "warmup_max=9s");
        assertEquals(java.time.Duration.ofSeconds(10), s.measure());
        assertEquals(3, s.repeats());
        assertTrue(s.cells().stream().allMatch(c -> c.load().connections() == 1000), "every load profile");
        Cell first = s.cells().get(0);
        assertEquals("epoll", first.knobs().get("transport"));
        assertEquals("8g", first.entryProcess().heap());
        assertEquals(List.of("-XX:+AlwaysPreTouch", "-XX:+UseNUMA"), first.entryProcess().flags());
        assertTrue(s.cells().stream().anyMatch(c -> "/v2/json".equals(c.scenario().path())));
        assertEquals(List.of("measure=10s", "repeats=3", "load.connections=1000",
                "targets.reactor-netty.knobs.transport=epoll", "targets.reactor-netty.jvm.heap=8g",
                "targets.reactor-netty.jvm.flags=[-XX:+AlwaysPreTouch, -XX:+UseNUMA]", "/scenarios/v1.json/path=/v2/json",
                "warmup_max=9s"), s.settings().get(Suite.OVERRIDES));
        assertEquals(4, with("load.1.connections=2").cells().stream().filter(c -> c.load().connections() == 2).count());
        assertTrue(Suite.parse("o.yaml", SUITE).overrides().isEmpty());
        assertTrue(!Suite.parse("o.yaml", SUITE).settings().containsKey(Suite.OVERRIDES));
    }

    @Test
    void anOverriddenValueIsValidatedLikeTheFileAndTheErrorNamesTheSet() {
        assertTrue(refused("measure=soon").contains("--set measure=soon: 'measure' must be a duration"));
        assertTrue(refused("load=null").contains("--set load=null: 'null' is no value: an override sets a key, it cannot remove one"), refused("load=null"));
        assertTrue(refused("repeats=0").contains("--set repeats=0: 'repeats' must be 1 or more"));
        // NaN passed every range check (each comparison with it is false) and turned the verdicts off or on
        assertTrue(refused("thresholds.max_error_rate=NaN").contains("'max_error_rate' is a fraction between 0 and 1"),
                refused("thresholds.max_error_rate=NaN"));
        assertTrue(refused("thresholds.injector_saturation=NaN").contains("'injector_saturation' is a fraction in (0, 1]"),
                refused("thresholds.injector_saturation=NaN"));
        assertTrue(refused("repeats=many").contains("--set repeats=many: 'many' is not a whole number"));
        assertTrue(refused("load.connections=20000").contains("--set load.connections=20000: 'connections' of 20000"));
        assertTrue(refused("colour=red").contains("--set colour=red: unknown key 'colour'; accepted keys:"),
                refused("colour=red"));
        assertTrue(refused("mesure=4s").contains("--set mesure=4s: unknown key 'mesure'; did you mean 'measure'?"),
                refused("mesure=4s"));
        String deep = "assumes=" + "[".repeat(1500) + "]".repeat(1500);
        assertTrue(refused(deep).contains("it nests lists and objects deeper than 1000 levels"), refused(deep));
        // a type error under a load written without its list still names the --set (it had named only the file)
        assertTrue(refused("load.connections=1.5").contains("--set load.connections=1.5: '1.5' is not a whole number"),
                refused("load.connections=1.5"));
        assertTrue(refused("targets.reactor-netty.jvm.heap=lots").contains("heap size 'lots' is not valid"));
        // an error elsewhere in the file keeps its line
        SuiteException e = assertThrows(SuiteException.class, () -> Suite.parse("o.yaml",
                SUITE.replace("measure: 4s", "measure: 4s\nrepeats: 0"), List.of("measure=5s")));
        assertEquals(13, e.line());
    }

    /** A single load profile written as a mapping: a binding error is at its own line, not after the section. */
    @Test
    void aBindingErrorInASingleLoadMappingIsAtItsLine() {
        SuiteException e = assertThrows(SuiteException.class, () -> Suite.parse("m.yaml", """
                targets: {reactor-netty: {}}
                scenarios: {p: {path: /p}}
                load:
                  connections: 4
                  conections: 4
                  in_flight: 1

                # a comment
                warmup: 1s
                """));
        assertEquals(5, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains("unknown key 'conections' in 'load[0]'; did you mean 'connections'?"),
                e.getMessage());
        e = assertThrows(SuiteException.class, () -> Suite.parse("m.yaml", """
                targets: {reactor-netty: {}}
                scenarios: {p: {path: /p}}
                load:
                  connections: 1.5
                """));
        assertEquals(4, e.line(), e.getMessage());
    }

    /**
     * A value YAML cannot read is refused with what the parser found, not only where it was reading: the first line of
     * SnakeYAML's message alone said "while parsing a flow sequence" and no more. The file's syntax errors were
     * already worded with both.
     */
    @Test
    void aValueThatIsNoYamlNamesWhatTheParserFound() {
        assertEquals("o.yaml: --set repeats=[1: the value is not YAML as a suite would hold it (while parsing a flow "
                + "sequence: expected ',' or ']', but got <stream end>); quote text, e.g. --set 'name=\"a: b\"'",
                refused("repeats=[1"));
        assertTrue(refused("name=\"x").contains("(while scanning a quoted scalar: found unexpected end of stream)"),
                refused("name=\"x"));
        assertTrue(refused("name=\t3").contains("found character '\\t(TAB)' that cannot start any token"),
                refused("name=\t3"));
        assertTrue(refused("name=@x").contains("found character '@' that cannot start any token"), refused("name=@x"));
        // a complex key: Jackson's own message named SnakeYAML's event classes
        assertTrue(refused("load={? [1]: 2}").contains("(a key here is a list or a mapping"), refused("load={? [1]: 2}"));
    }

    /**
     * Text that YAML reads as no document (a comment, a directive) is not called an attempt to remove the key, which
     * only a null is: it is refused with the quoting that keeps it text.
     */
    @Test
    void aValueThatIsACommentOrADirectiveIsRefusedWithItsQuoting() {
        assertEquals("o.yaml: --set scenarios.plaintext.path=%x: '%x' holds no YAML value ('#' starts a comment, a "
                + "leading '%' a directive); quote text, e.g. --set 'KEY=\"%x\"'", refused("scenarios.plaintext.path=%x"));
        assertTrue(refused("name=#x").contains("'#x' holds no YAML value"), refused("name=#x"));
        assertTrue(refused("name=null").contains("'null' is no value: an override sets a key, it cannot remove one"));
    }

    @Test
    void refusesHostileOverrides() {
        assertTrue(refused("measure").contains("write it as KEY=VALUE"));
        assertTrue(refused("=5s").contains("write it as KEY=VALUE"));
        assertTrue(refused("measure=").contains("give a value"));
        assertTrue(refused("measure=~").contains("'~' is no value"));
        assertTrue(refused("a..b=1").contains("is not a key path"));
        // an item number on a single section named nothing of the --set ("unknown key '1' in 'load[0]'")
        assertTrue(refused("targets.reactor-netty.jvm.1.heap=1g").contains("--set targets.reactor-netty.jvm.1.heap=1g: "
                + "'targets.reactor-netty.jvm' is one section, not a list; leave the item number out "
                + "(targets.reactor-netty.jvm.heap)"), refused("targets.reactor-netty.jvm.1.heap=1g"));
        assertTrue(refused("targets.reactor-netty.jvm.-1.heap=1g").contains("is one section, not a list"),
                refused("targets.reactor-netty.jvm.-1.heap=1g"));
        assertTrue(refused("measure.x=1").contains("'/measure' is a value, not a section"));
        assertTrue(refused("load.5.connections=1").contains("has 2 items; no item 5"));
        assertTrue(refused("targets.jetty.knobs.x=1").contains("'/targets' has no 'jetty'"));
        assertTrue(refused("scenarios.json.path=/json").contains("'/scenarios' has no 'json'"));
        assertTrue(refused("measure=[1").contains("the value is not YAML"));
        assertTrue(refused("measure=*alias").startsWith("o.yaml: --set measure=*alias: "));
        assertTrue(refused("x".repeat(5000) + "=1").contains("at most 4096"));
        assertTrue(refused("a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q=1").contains("at most 16 keys"));
        assertTrue(refused((String) null).contains("KEY=VALUE"));
        assertTrue(refused("measure={a: 1}").contains("--set measure={a: 1}: wrong type"));
        assertTrue(refused("/=1").contains("is not a key path"));
        String tag = refused("measure=!!java.lang.ProcessBuilder [x]");
        assertTrue(tag.contains("--set measure=!!java.lang.ProcessBuilder [x]"), tag);
    }
}
