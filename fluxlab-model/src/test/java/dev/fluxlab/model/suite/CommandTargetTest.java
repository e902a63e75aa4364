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
