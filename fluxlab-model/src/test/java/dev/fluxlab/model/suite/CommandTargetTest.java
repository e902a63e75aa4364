package dev.fluxlab.model.suite;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A suite's own command target: what it reads, how its knobs expand, and what is refused at its line. */
class CommandTargetTest {

    private static final String SCENARIOS = "scenarios: {hello: {path: /hello}}\n";

    private static Suite suite(String target) {
        return Suite.parse("s.yaml", SCENARIOS + "targets:\n  my-app:\n" + target);
    }

    private static SuiteException refused(String target) {
        return assertThrows(SuiteException.class, () -> suite(target));
    }

    @Test
    void aCommandTargetIsReadWithItsDefaultsAndItsKnobsSweep() {
        Suite s = suite("""
                    command: [java, -jar, app.jar, "--server.port=${port}", "--threads=${threads}"]
                    knobs: {threads: [1, 4]}
                    env: {MODE: "bench-${threads}"}
                """);
        assertEquals(2, s.cells().size(), "a knob's two values: two cells");
        CommandTarget t = CommandTarget.of(s.spec()).get("my-app");
        assertEquals(CommandTarget.ReadyKind.PORT, t.ready().kind(), "no 'ready': its port accepting");
        assertEquals("TERM", t.signal());
        assertEquals(Duration.ofSeconds(10), t.grace());
        assertTrue(t.takesPort());
        Cell first = s.cells().getFirst();
        Map<String, String> values = new java.util.HashMap<>(first.entryProcess().knobs());
        values.put("port", "41000");
        assertEquals(List.of("java", "-jar", "app.jar", "--server.port=41000", "--threads=1"), t.commandLine(values));
        assertEquals(Map.of("MODE", "bench-1"), t.environment(values));
    }

    /**
     * A knob named as a JVM option ({@code gc}, {@code heap}, {@code aot}) is the command's like any other: it was taken
     * for the process's JVM option, so {@code ${gc}} had no value and every repeat failed in the runner ("no value for
     * ${gc}"), though the refusal of {@code jvm:} on a command target suggests exactly that knob.
     */
    @Test
    void aKnobNamedLikeAJvmOptionReachesTheCommand() {
        Suite s = suite("""
                    command: [java, "-XX:+Use${gc}", "-Xmx${heap}", "--port=${port}", "--aot=${aot}"]
                    knobs: {gc: [SerialGC, ParallelGC], heap: 64m, aot: "off"}
                """);
        assertEquals(2, s.cells().size());
        Cell.CellProcess p = s.cells().getFirst().entryProcess();
        assertEquals(Map.of("gc", "SerialGC", "heap", "64m", "aot", "off"), p.knobs());
        assertEquals(null, p.gc(), "not the JVM option fluxlab sets: fluxlab builds no command line for it");
        assertEquals(null, p.heap());
        Map<String, String> values = new java.util.HashMap<>(p.knobs());
        values.put("port", "41000");
        assertEquals(List.of("java", "-XX:+UseSerialGC", "-Xmx64m", "--port=41000", "--aot=off"),
                CommandTarget.of(s.spec()).get("my-app").commandLine(values));
    }

    /**
     * Knob names the cell already carries would overwrite its own (a knob {@code target: [a]} made the cell read
     * {@code target=a}), and a name that is no plain word cannot be written as {@code ${name}} nor in a cell id.
     */
    @Test
    void aKnobNamedLikeTheCellsOwnOrNoPlainNameIsRefused() {
        for (String k : List.of("target", "scenario", "connections", "rate", "injector", "injectors", "in_flight",
                "keep-alive")) {
            SuiteException e = refused("    command: [java, \"${port}\"]\n    knobs: {" + k + ": [1]}\n");
            assertTrue(e.getMessage().startsWith("s.yaml:5:") && e.getMessage().contains("knob '" + k + "' of target "
                    + "'my-app' has the name of a knob every cell already carries"), e.getMessage());
        }
        for (String k : List.of("a b", "a=b", "a,b", "x.y", "-x")) {
            SuiteException e = refused("    command: [java, \"${port}\"]\n    knobs: {\"" + k + "\": [1]}\n");
            assertTrue(e.getMessage().contains("knob name '" + k + "' of target 'my-app' is not accepted"),
                    e.getMessage());
        }
    }

    /** A sweep nothing takes runs one command under several names: cells that differ in their ids only. */
    @Test
    void aSweptKnobThatNoPlaceholderTakesIsRefused() {
        SuiteException e = refused("    command: [java, \"${port}\"]\n    knobs: {threads: [1, 4]}\n");
        assertTrue(e.getMessage().startsWith("s.yaml:5:") && e.getMessage().contains("knob 'threads' of target "
                + "'my-app' has 2 values, but no ${threads} in its command or env takes them"), e.getMessage());
        // one value is a label (a table row, an ab side), and a value taken in env or as select_count counts
        assertEquals(1, suite("    command: [java, \"${port}\"]\n    knobs: {impl: fixed}\n").cells().size());
        assertEquals(2, suite("    command: [java, \"${port}\"]\n    env: {T: \"${select-count}\"}\n"
                + "    knobs: {select_count: [1, 2]}\n").cells().size());
    }

    /**
     * What the kernel cannot pass to a process: a NUL in an argument, an environment value or a knob value substituted
     * into one, and an environment name that is empty or holds '='. Each had passed validation and failed every
     * repeat in the runner (IllegalArgumentException, "invalid null character in command").
     */
    @Test
    void whatNoProcessCanBeGivenIsRefusedAtItsLine() {
        for (String target : List.of(
                "    command: [java, \"${port}\", \"a\\0b\"]\n",
                "    command: [java, \"${port}\", \"${k}\"]\n    knobs: {k: [\"a\\0\"]}\n",
                "    command: [java, \"${port}\"]\n    env: {A: \"x\\0y\"}\n")) {
            SuiteException e = refused(target);
            assertTrue(e.getMessage().startsWith("s.yaml:") && e.getMessage().contains("holds a NUL character"),
                    e.getMessage());
            assertFalse(e.getMessage().contains("Exception"), e.getMessage());
        }
        for (String name : List.of("A=B", "", "A\\0")) {
            SuiteException e = refused("    command: [java, \"${port}\"]\n    env: {\"" + name + "\": x}\n");
            assertTrue(e.getMessage().startsWith("s.yaml:5:") && e.getMessage().contains("cannot be set: a name is not "
                    + "empty and holds no '='"), e.getMessage());
        }
    }

    @Test
    void readyAndStopAreReadAsWritten() {
        CommandTarget t = CommandTarget.of(suite("""
                    command: [./server, "${port}"]
                    ready: {log: 'Started .* in'}
                    stop: {signal: SIGINT, grace: 2s}
                """).spec()).get("my-app");
        assertEquals(new CommandTarget.Ready(CommandTarget.ReadyKind.LOG, "Started .* in"), t.ready());
        assertEquals("INT", t.signal());
        assertEquals(Duration.ofSeconds(2), t.grace());
    }

    @Test
    void anUndefinedPlaceholderIsRefusedAtItsWord() {
        SuiteException e = refused("    command: [java, Server.java, \"--port=${port}\", \"--threads=${threads}\"]\n");
        assertTrue(e.getMessage().contains("word 4 of its command: nothing defines ${threads}; declare it as a knob"),
                e.getMessage());
        assertEquals(4, e.line(), "the line of the command");
    }

    @Test
    void aCommandWithoutPortIsRefused() {
        assertTrue(refused("    command: [java, -jar, app.jar]\n").getMessage()
                .contains("does not take ${port}: fluxlab picks a free loopback port"));
    }

    @Test
    void anEmptyCommandAndOneShellLineAreRefused() {
        assertTrue(refused("    command: []\n").getMessage().contains("the 'command' of target 'my-app' is empty"));
        assertTrue(refused("    command: \"java -jar app.jar --port=${port}\"\n").getMessage()
                .contains("fluxlab runs no shell to split it: write it as a list"));
    }

    @Test
    void readinessThatCannotWorkIsRefused() {
        String cmd = "    command: [java, Server.java, \"--port=${port}\"]\n";
        assertTrue(refused(cmd + "    ready: {http: health}\n").getMessage().contains("must start with '/'"));
        assertTrue(refused(cmd + "    ready: {log: 'Started (.* in'}\n").getMessage()
                .contains("is not a regular expression: Unclosed group"));
        assertTrue(refused(cmd + "    ready: {http: /health, port: true}\n").getMessage()
                .contains("needs exactly one kind"));
        assertTrue(refused(cmd + "    ready: {port: false}\n").getMessage().contains("checks nothing"));
        assertTrue(refused(cmd + "    ready: {tcp: true}\n").getMessage().contains("unknown key 'tcp'"));
    }

    @Test
    void anUnknownSignalAndAnUnparsableGraceAreRefused() {
        String cmd = "    command: [java, Server.java, \"--port=${port}\"]\n";
        assertTrue(refused(cmd + "    stop: {signal: STOP}\n").getMessage()
                .contains("unknown signal 'STOP'; accepted: TERM, INT, HUP, QUIT, USR1, USR2, KILL"));
        assertTrue(refused(cmd + "    stop: {grace: ten seconds}\n").getMessage()
                .contains("'grace' must be a duration such as 10s"));
    }

    @Test
    void registryKeysBesideACommandAndCommandKeysWithoutOneAreRefused() {
        String cmd = "    command: [java, Server.java, \"--port=${port}\"]\n";
        assertTrue(refused(cmd + "    jvm: {heap: 256m}\n").getMessage().contains("put JVM options into 'command'"));
        assertTrue(refused(cmd + "    target: netty\n").getMessage().contains("remove 'target'"));
        assertTrue(refused(cmd + "    knobs: {port: [1]}\n").getMessage().contains("knob 'port' of target 'my-app' is fluxlab's"));
        assertTrue(refused("    target: netty\n    ready: {port: true}\n").getMessage()
                .contains("'ready' of target 'my-app' only applies to a target started by its own 'command'"));
    }

    private static Suite onHost(String target) {
        return Suite.parse("s.yaml", "hosts: {far: {ssh: perf@10.1.0.12}}\n" + SCENARIOS + "targets:\n  my-app:\n"
                + target);
    }

    @Test
    void aCommandTargetMayRunOnASuiteHostWithAnAbsoluteFolderThereOrNone() {
        String cmd = "    command: [/opt/app/bin/server, \"--port=${port}\", \"--bind=${host}\"]\n    host: far\n";
        Suite s = onHost(cmd + "    cwd: /opt/app\n");
        assertEquals("far", s.cells().getFirst().entryProcess().host(), "its process runs on the host");
        assertEquals("/opt/app", CommandTarget.of(s.spec()).get("my-app").cwd());
        assertEquals("far", onHost(cmd).cells().getFirst().entryProcess().host(), "no cwd: the login's home there");
    }

    @Test
    void aCommandTargetOnAHostIsRefusedARelativeFolderAndAnUnknownHost() {
        String cmd = "    command: [java, Server.java, \"--port=${port}\"]\n";
        SuiteException e = assertThrows(SuiteException.class, () -> onHost(cmd + "    host: far\n    cwd: ../my-app\n"));
        assertTrue(e.getMessage().contains("runs on host 'far', where its 'cwd' cannot be relative to the suite "
                + "file's folder: give the folder's absolute path on that host"), e.getMessage());
        assertEquals(7, e.line(), "the line of cwd");
        SuiteException unknown = assertThrows(SuiteException.class, () -> onHost(cmd + "    host: near\n"));
        assertTrue(unknown.getMessage().contains("near"), unknown.getMessage());
    }

    @Test
    void aRegistryTargetIsNoCommand() {
        assertFalse(suite("    target: netty\n").spec().targets().get("my-app").isCommand());
        assertTrue(CommandTarget.of(suite("    target: netty\n").spec()).isEmpty());
    }
}
