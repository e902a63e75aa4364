package dev.fluxlab.model.suite;

import dev.fluxlab.model.run.FigureName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SuiteTest {

    private static final String SUITE = """
            name: demo
            description: two protocols, two transports
            targets:
              reactor-netty:
                knobs:
                  protocol: [http1.1, h2c]
                  transport: [nio, epoll]
                  workers: 2
                jvm:
                  heap: 256m
                  flags: [-XX:+AlwaysPreTouch]
            scenarios:
              plaintext: {path: /plaintext, expect: {status: 200, body: "Hello, World!"}}
              json: {path: /json}
            load:
              connections: [16, 64]
            warmup: auto
            warmup_max: 5s
            measure: 4s
            exclude:
              - {protocol: h2c, connections: 64, scenario: json}
            tables:
              - {title: req/s, rows: [protocol, transport], columns: [scenario, connections], value: throughput_rps}
            """;

    @Test
    void expandsTheMatrixInAStableOrderWithExcludes() {
        Suite s = Suite.parse("demo.yaml", SUITE);
        List<Cell> cells = s.cells();
        assertEquals(2 * 2 * 2 * 2 - 2, cells.size());
        Cell first = cells.get(0);
        assertEquals(1, first.index());
        assertEquals("target=reactor-netty,protocol=http1.1,transport=nio,workers=2,heap=256m,scenario=plaintext,connections=16",
                first.id());
        assertEquals("c=64", cells.get(1).label().substring(cells.get(1).label().lastIndexOf(' ') + 1));
        assertTrue(cells.stream().noneMatch(c -> c.knobs().get("protocol").equals("h2c")
                && c.knobs().get("connections").equals("64") && c.scenarioName().equals("json")));
        assertEquals(Map.of("protocol", "http1.1", "transport", "nio", "workers", "2"), first.entryProcess().knobs());
        assertEquals("256m", first.entryProcess().heap());
        assertEquals(List.of("-XX:+AlwaysPreTouch"), first.entryProcess().flags());
        // the same text gives the same ids
        assertEquals(cells.stream().map(Cell::id).toList(),
                Suite.parse("demo.yaml", SUITE).cells().stream().map(Cell::id).toList());
        assertEquals(cells.size(), cells.stream().map(Cell::id).distinct().count());
        assertTrue(s.autoWarmup());
        assertEquals(5, s.warmupMax().toSeconds());
        assertEquals(4, s.measure().toSeconds());
    }

    @Test
    void multiProcessTargetsPrefixNonEntryKnobs() {
        Suite s = Suite.parse("p.yaml", """
                targets:
                  chain:
                    entry: frontend
                    processes:
                      backend: {target: reactor-netty, knobs: {transport: [nio, epoll]}}
                      frontend: {target: reactor-netty, knobs: {protocol: h2c}, jvm: {gc: [G1, ZGC]}}
                scenarios: {get: {path: /}}
                load: [{connections: 8}, {rate: [100, 200]}]
                """);
        assertEquals(2 * 2 * 3, s.cells().size());
        Cell c = s.cells().get(0);
        assertEquals(List.of("target", "backend.transport", "protocol", "gc", "scenario", "connections"),
                List.copyOf(c.knobs().keySet()));
        assertEquals("frontend", c.entry());
        assertEquals(2, c.processes().size());
        assertEquals("100", s.cells().get(1).knobs().get("rate"));
        assertEquals(100, s.cells().get(1).load().rate());
    }

    @Test
    void keepAliveFalseIsAKnobPassedToTheInjectorAndRefusedWhereItCannotApply() {
        Suite s = Suite.parse("k.yaml", """
                targets:
                  reactor-netty: {}
                scenarios: {get: {path: /}}
                load: {connections: 8, keep_alive: [true, false]}
                """);
        assertEquals(2, s.cells().size());
        assertEquals("false", s.cells().get(1).knobs().get("keep_alive"));
        assertEquals(Boolean.FALSE, s.cells().get(1).load().keepAlive());
        assertEquals(null, Suite.parse("k.yaml", "targets: {reactor-netty: {}}\nscenarios: {get: {path: /}}\n")
                .cells().get(0).load().keepAlive());
        String base = "targets: {reactor-netty: {}}\nscenarios: {get: {path: /}}\nload: ";
        assertTrue(fail(base + "{keep_alive: false, protocol: h2c}\n").getMessage().contains("HTTP/1.1 only"));
        assertTrue(fail(base + "{keep_alive: false, in_flight: 4}\n").getMessage().contains("in_flight: 1"));
        assertTrue(fail(base + "{keep_alive: false, rate: 100}\n").getMessage().contains("closed model"));
        assertTrue(fail(base + "{keep_alive: false, injector: [fluxlab, wrk]}\n").getMessage().contains("wrk"));
    }

    private static SuiteException fail(String yaml) {
        return assertThrows(SuiteException.class, () -> Suite.parse("bad.yaml", yaml));
    }

    @Test
    void syntaxErrorNamesFileAndLine() {
        SuiteException e = fail("""
                targets:
                  reactor-netty: {knobs: {protocol: [h2c}
                scenarios: {a: {path: /}}
                """);
        assertTrue(e.getMessage().startsWith("bad.yaml:2:"), e.getMessage());
        assertTrue(e.getMessage().contains("YAML syntax error"), e.getMessage());
    }

    @Test
    void coldWarmupMinNeedsAnAutoWarmupWithinItsBound() {
        String base = """
                targets:
                  reactor-netty: {}
                scenarios: {a: {path: /}}
                """;
        assertTrue(fail(base + "warmup: 5s\ncold_warmup_min: 10s\n").getMessage()
                .contains("'cold_warmup_min' needs 'warmup: auto'"));
        assertTrue(fail(base + "warmup: auto\nwarmup_max: 15s\ncold_warmup_min: 20s\n").getMessage()
                .contains("'cold_warmup_min' (20s) must not exceed 'warmup_max' (15s)"));
        Suite ok = Suite.parse("ok.yaml", base + "warmup: auto\nwarmup_max: 30s\ncold_warmup_min: 20s\n");
        assertEquals(java.time.Duration.ofSeconds(20), ok.coldWarmupMin());
        assertEquals("20s", ok.settings().get("cold_warmup_min"));
        assertEquals(java.time.Duration.ZERO, Suite.parse("ok.yaml", base).coldWarmupMin());
        // a target may set its own (Spring ramps far longer than Netty); it must fit the same bound
        Suite perTarget = Suite.parse("ok.yaml", """
                targets:
                  reactor-netty: {}
                  netty: {cold_warmup_min: 25s}
                scenarios: {a: {path: /}}
                warmup: auto
                warmup_max: 30s
                cold_warmup_min: 5s
                """);
        for (Cell c : perTarget.cells()) {
            assertEquals(java.time.Duration.ofSeconds(c.target().equals("netty") ? 25 : 5), perTarget.coldWarmupMin(c), c.id());
        }
        SuiteException e = fail(base.replace("reactor-netty: {}", "reactor-netty: {cold_warmup_min: 40s}")
                + "warmup: auto\nwarmup_max: 30s\n");
        assertTrue(e.getMessage().contains("'cold_warmup_min' (40s) must not exceed 'warmup_max' (30s)"), e.getMessage());
    }

    @Test
    void repeatOrderIsSequentialOrInterleaved() {
        SuiteException e = fail("""
                targets:
                  reactor-netty: {}
                scenarios: {a: {path: /}}
                repeat_order: abba
                """);
        assertTrue(e.getMessage().contains("unknown repeat_order 'abba'; accepted: sequential, interleaved"), e.getMessage());
        assertEquals(4, e.line(), e.getMessage());
        String base = "targets:\n  reactor-netty: {}\nscenarios: {a: {path: /}}\n";
        assertTrue(fail(base + "fork: per-repeat\n").getMessage()
                .endsWith("unknown fork 'per-repeat'; accepted: per-cell, shared"), "the one refusal wording");
        assertTrue(fail(base + "profile: [cpu, heap]\n").getMessage()
                .endsWith("unknown profile 'heap'; accepted: cpu, alloc, wall, lock, jfr (one, or a list of them)"));
        String ok = """
                targets:
                  reactor-netty: {}
                scenarios: {a: {path: /}}
                """;
        assertFalse(Suite.parse("ok.yaml", ok).interleavedRepeats());
        assertTrue(Suite.parse("ok.yaml", ok + "repeat_order: interleaved\n").interleavedRepeats());
    }

    /** decide_method: alternate unless the suite says duet; any other name is refused with the accepted ones. */
    @Test
    void decideMethodIsParsedStrictly() {
        String ok = "targets:\n  reactor-netty: {knobs: {transport: [nio, epoll]}}\nscenarios: {a: {path: /}}\n"
                + "ab: {knob: transport}\n";
        assertEquals(dev.fluxlab.model.decide.DecideMethod.ALTERNATE, Suite.parse("ok.yaml", ok).decideMethod());
        Suite duet = Suite.parse("ok.yaml", ok + "decide_method: duet\n");
        assertEquals(dev.fluxlab.model.decide.DecideMethod.DUET, duet.decideMethod());
        SuiteException e = fail(ok + "decide_method: together\n");
        assertTrue(e.getMessage().endsWith("unknown decide_method 'together'; accepted: alternate, duet"),
                e.getMessage());
        assertEquals(5, e.line(), e.getMessage());
    }

    @Test
    void unknownKeyListsAcceptedKeys() {
        SuiteException e = fail("""
                targets:
                  reactor-netty: {}
                scenarios:
                  a:
                    path: /
                    methd: POST
                """);
        assertEquals(6, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains("unknown key 'methd'"), e.getMessage());
        assertTrue(e.getMessage().contains("method"), e.getMessage());
    }

    @Test
    void wrongTypeNamesTheField() {
        SuiteException e = fail("""
                targets:
                  reactor-netty: {}
                scenarios: {a: {path: /}}
                load:
                  connections: [16, many]
                """);
        assertEquals(5, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains("'many' is not a whole number"), e.getMessage());
        assertTrue(e.getMessage().contains("load[0].connections"), e.getMessage());
    }

    @Test
    void semanticErrorsKeepPositions() {
        SuiteException e = fail("""
                targets:
                  reactor-netty: {}
                scenarios:
                  a: {path: /}
                measure: soon
                """);
        assertEquals(5, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains("500ms, 10s or 2m"), e.getMessage());

        e = fail("""
                targets:
                  reactor-netty: {knobs: {transport: nio}}
                scenarios:
                  a: {path: /}
                exclude:
                  - {transprt: nio}
                """);
        assertEquals(6, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains("transport"), e.getMessage());

        e = fail("""
                targets:
                  reactor-netty: {}
                scenarios:
                  a: {path: nope}
                """);
        assertEquals(4, e.line(), e.getMessage());
    }

    @Test
    void emptyAndMissingPartsAreExplained() {
        assertTrue(fail("").getMessage().contains("empty"));
        assertTrue(fail("targets: {x: {}}\n").getMessage().contains("scenarios"));
        assertTrue(fail("""
                targets: {x: {}}
                scenarios: {a: {path: /}}
                exclude: [{target: x}]
                """).getMessage().contains("no cell"));
    }

    @Test
    void tableFiguresFollowTheReportVocabulary() {
        assertTrue(FigureName.isFigure("throughput_rps"));
        assertTrue(FigureName.isFigure("latency_p9999_ms"));
        assertTrue(FigureName.isFigure("latency_mean_ms"));
        assertTrue(FigureName.isFigure("cpu_cores.backend"));
        SuiteException e = fail("""
                targets: {x: {}}
                scenarios: {a: {path: /}}
                tables:
                  - {rows: [target], value: req_per_sec}
                """);
        assertEquals(4, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains("unknown table value 'req_per_sec'; accepted: throughput_rps"),
                e.getMessage());
    }

    @Test
    void locationsFindListItems() {
        Suite s = Suite.parse("l.yaml", SUITE);
        SourceLocation l = s.locations().at("/targets/reactor-netty/knobs/transport/1");
        assertEquals(7, l.line());
        assertTrue(s.error("/targets/reactor-netty/knobs/transport/1", "x").getMessage().startsWith("l.yaml:7:"));
    }

    @Test
    void namesThatWouldLeaveTheCellFolderAreRefused() {
        for (String name : new String[]{"'../../../../tmp/x'", "/tmp/x", "'a\"b'", "'with space'", "a.b", "injector"}) {
            SuiteException e = fail("""
                    targets:
                      %s: {target: reactor-netty}
                    scenarios: {a: {path: /}}
                    """.formatted(name));
            assertEquals(2, e.line(), e.getMessage());
            assertTrue(e.getMessage().contains("target name"), e.getMessage());
        }
        SuiteException e = fail("""
                targets:
                  chain:
                    entry: front
                    processes:
                      ../back: {target: reactor-netty}
                      front: {target: reactor-netty}
                scenarios: {a: {path: /}}
                """);
        assertEquals(5, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains("process name '../back' is not accepted"), e.getMessage());
        assertTrue(e.getMessage().contains("[A-Za-z0-9][A-Za-z0-9_-]{0,63}"), e.getMessage());
    }

    @Test
    void pathsMustBeUriPathsAsSent() {
        for (String path : new String[]{"'/a b'", "'/x#frag'", "'/bad%zz'", "'//host/x'"}) {
            SuiteException e = fail("""
                    targets: {x: {}}
                    scenarios:
                      a: {path: %s}
                    """.formatted(path));
            assertEquals(3, e.line(), e.getMessage());
            assertTrue(e.getMessage().contains("%20"), e.getMessage());
        }
        Suite ok = Suite.parse("ok.yaml", """
                targets: {x: {}}
                scenarios: {a: {path: '/a%20b?q=1&r=2'}}
                """);
        assertEquals("/a%20b?q=1&r=2", ok.cells().get(0).scenario().path());
    }

    @Test
    void startupTimeoutHasBounds() {
        String base = """
                targets: {x: {}}
                scenarios: {a: {path: /}}
                """;
        for (String t : new String[]{"0s", "0", "500ms", "11m", "2h"}) {
            SuiteException e = fail(base + "startup_timeout: " + t + "\n");
            assertEquals(3, e.line(), e.getMessage());
            assertTrue(e.getMessage().contains("'startup_timeout' must be between 1s and 10m"), e.getMessage());
        }
        assertTrue(fail(base + "startup_timeout: -5s\n").getMessage().contains("must be a duration"));
        assertEquals(java.time.Duration.ofMinutes(10), Suite.parse("ok.yaml", base + "startup_timeout: 10m\n").startupTimeout());
    }

    @Test
    void connectionsHaveACeiling() {
        SuiteException e = fail("""
                targets: {x: {}}
                scenarios: {a: {path: /}}
                load:
                  connections: [16, 1000000]
                """);
        assertEquals(4, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains("'connections' of 1000000 is above the ceiling of 10000"), e.getMessage());
        assertEquals(10_000, Suite.parse("ok.yaml", """
                targets: {x: {}}
                scenarios: {a: {path: /}}
                load: {connections: 10000}
                """).cells().get(0).load().connections());
    }

    @Test
    void onlyRegularFilesOfAtMostOneMebibyteAreRead(@TempDir Path dir) throws Exception {
        SuiteException e = assertThrows(SuiteException.class, () -> Suite.load(Path.of("/dev/zero")));
        assertTrue(e.getMessage().contains("not a regular file"), e.getMessage());
        e = assertThrows(SuiteException.class, () -> Suite.load(dir));
        assertTrue(e.getMessage().contains("is a directory"), e.getMessage());
        e = assertThrows(SuiteException.class, () -> Suite.load(dir.resolve("missing.yaml")));
        assertTrue(e.getMessage().contains("cannot read the suite file: there is no such file"), e.getMessage());
        Path big = dir.resolve("big.yaml");
        String head = "targets: {x: {}}\nscenarios: {a: {path: /}}\n";
        Files.writeString(big, head + "#".repeat((1 << 20) - head.length() + 1));
        e = assertThrows(SuiteException.class, () -> Suite.load(big));
        assertTrue(e.getMessage().contains("larger than 1 MiB"), e.getMessage());
        Files.writeString(big, head + "#".repeat((1 << 20) - head.length()));
        assertEquals(1, Suite.load(big).cells().size());
    }

    @Test
    void measureAutoHasAPrecisionAndABound() {
        Suite s = Suite.parse("a.yaml", SUITE.replace("measure: 4s", "measure: auto\nprecision: 1.5%\nmeasure_max: 40s"));
        assertTrue(s.measureAuto());
        assertEquals(0.015, s.precision(), 1e-12);
        assertEquals(java.time.Duration.ofSeconds(40), s.measureMax());
        assertEquals(java.time.Duration.ofSeconds(5), s.measure(), "its least length");
        assertEquals("auto", s.settings().get("measure"));
        Suite d = Suite.parse("d.yaml", SUITE.replace("measure: 4s", "measure: auto"));
        assertEquals(0.02, d.precision(), 1e-12);
        assertEquals(java.time.Duration.ofSeconds(30), d.measureMax());
        assertEquals(null, Suite.parse("f.yaml", SUITE).precision(), "a fixed measure has none");
    }

    @Test
    void precisionIsRefusedWithoutMeasureAutoAndOutsideItsRange() {
        assertTrue(fail(SUITE.replace("measure: 4s", "measure: 4s\nprecision: 2%")).getMessage()
                .contains("only apply to 'measure: auto'"));
        assertTrue(fail(SUITE.replace("measure: 4s", "measure: auto\nprecision: 80%")).getMessage()
                .contains("'precision' must be a percentage between 0.1% and 50%"));
        for (String bad : new String[] {"'-2%'", "NaN", "''", "true", "1e309", "10 parsecs"}) {
            assertTrue(fail(SUITE.replace("measure: 4s", "measure: auto\nprecision: " + bad)).getMessage()
                    .contains("'precision' must be a percentage between 0.1% and 50%"), bad);
        }
        assertTrue(fail(SUITE.replace("measure: 4s", "measure: auto\nmeasure_max: 2s")).getMessage()
                .contains("'measure_max' must be at least 5s"));
    }
}
