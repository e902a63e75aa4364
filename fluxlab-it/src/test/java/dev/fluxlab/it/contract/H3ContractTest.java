package dev.fluxlab.it.contract;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fluxlab.model.Readiness;
import dev.fluxlab.model.ReadinessAttributes;
import dev.fluxlab.runner.registry.KnobDef;
import dev.fluxlab.runner.registry.LaunchDef;
import dev.fluxlab.runner.registry.StackDef;
import dev.fluxlab.runner.registry.TargetRegistry;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * HTTP/3 end to end on the targets: every registry target of the shared contract whose {@code protocol} knob offers
 * {@code h3} starts with {@code --protocol h3} as the runner starts it, announces its UDP port and QUIC settings, and
 * answers {@code /plaintext} and {@code /json} over HTTP/3 ({@link H3Client}, Netty's codec) with the contract's
 * bodies and headers. A stack that does not offer h3 (Reactor Netty 1.2.18) refuses it in one line, exit 2; and a
 * classpath without Netty's native QUIC library makes an h3 target refuse in one line, exit 1, before it binds.
 */
class H3ContractTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final TargetRegistry registry = TargetRegistry.builtIn();

    /** The contract targets offering h3, by name. */
    private Map<String, LaunchDef> h3Targets() {
        Map<String, LaunchDef> out = new LinkedHashMap<>();
        for (String name : registry.targetNames()) {
            LaunchDef def = registry.target(name).orElseThrow();
            KnobDef protocol = def.knobsOrEmpty().get("protocol");
            if (def.servesPlaintextContract() && protocol != null && protocol.values() != null
                    && protocol.values().contains("h3")) {
                out.put(name, def);
            }
        }
        return out;
    }

    private List<String> command(LaunchDef def, String classpath, String... extra) {
        List<String> cmd = new ArrayList<>();
        cmd.add(TargetRegistry.java());
        cmd.addAll(def.jvmOrEmpty());
        cmd.add("-XX:TieredStopAtLevel=1");
        cmd.add("-cp");
        cmd.add(classpath);
        cmd.add(def.main());
        cmd.addAll(def.argsOrEmpty());
        cmd.addAll(Arrays.asList(extra));
        return cmd;
    }

    @Test
    void h3TargetsAnswerTheContractOverHttp3() throws Exception {
        Map<String, LaunchDef> targets = h3Targets();
        assertTrue(targets.keySet().containsAll(List.of("reactor-netty", "netty")), "h3 targets: " + targets.keySet());
        Map<String, Process> started = new LinkedHashMap<>();
        try {
            for (var e : targets.entrySet()) {
                started.put(e.getKey(), new ProcessBuilder(command(e.getValue(), registry.classpath(e.getValue()),
                        "--protocol=h3")).redirectErrorStream(true).start());
            }
            for (var e : started.entrySet()) {
                ReadinessAttributes ready = ReadyLine.await(e.getKey(), e.getValue());
                assertEquals("h3", ready.protocol().orElse(null), e.getKey() + ": " + ready.values());
                assertEquals("1000", ready.values().get(Readiness.H3_MAX_STREAMS), e.getKey() + ": " + ready.values());
                try (H3Client client = new H3Client(ready.port().orElseThrow())) {
                    H3Client.Response plain = client.get("/plaintext");
                    assertContract(e.getKey() + " /plaintext", plain, "text/plain");
                    assertEquals("Hello, World!", plain.body());
                    H3Client.Response json = client.get("/json");
                    assertContract(e.getKey() + " /json", json, "application/json");
                    assertEquals(JSON.readTree("{\"message\":\"Hello, World!\"}"), JSON.readTree(json.body()));
                    assertEquals(404, client.get("/nothing/here").status(), e.getKey() + " 404");
                }
            }
        } finally {
            stop(started.values());
        }
    }

    /** A stack whose registry entry leaves h3 out refuses {@code --protocol h3} itself, in one line (exit 2). */
    @Test
    void aStackWithoutHttp3RefusesIt() throws Exception {
        int checked = 0;
        for (var t : h3Targets().entrySet()) {
            for (var k : t.getValue().knobsOrEmpty().entrySet()) {
                if (k.getValue().stacks() == null) {
                    continue;
                }
                for (var s : k.getValue().stacks().entrySet()) {
                    StackDef stack = s.getValue();
                    if (stack.offered("protocol").isEmpty() || stack.offered("protocol").contains("h3")) {
                        continue;
                    }
                    LaunchDef launch = t.getValue().stackLaunches().get(k.getKey() + "=" + s.getKey());
                    Process p = new ProcessBuilder(command(launch, registry.classpath(launch), "--protocol=h3",
                            "--" + k.getKey() + "=" + s.getKey())).redirectErrorStream(true).start();
                    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                    assertTrue(p.waitFor(60, TimeUnit.SECONDS), out);
                    assertEquals(2, p.exitValue(), out);
                    assertTrue(out.contains("protocol h3 needs Reactor Netty 1.3"), out);
                    assertFalse(out.contains("\tat "), "one line, no stack trace:\n" + out);
                    checked++;
                }
            }
        }
        assertTrue(checked > 0, "no stack leaves h3 out (reactor-netty-version 1.2.18 should)");
    }

    /**
     * Without Netty's native QUIC library (as on another architecture) an h3 target says so in one line and exits 1
     * before binding: what the runner records for the h3 cells, which it makes invalid, not a crash.
     */
    @Test
    void withoutTheNativeQuicLibraryAnH3TargetRefusesInOneLine() throws Exception {
        LaunchDef netty = registry.target("netty").orElseThrow();
        String classpath = registry.classpath(netty);
        List<String> entries = Arrays.asList(classpath.split(File.pathSeparator));
        assumeTrue(entries.stream().anyMatch(e -> e.contains("netty-codec-native-quic")),
                "the classpath names no netty-codec-native-quic jar to leave out: " + classpath);
        String without = String.join(File.pathSeparator,
                entries.stream().filter(e -> !e.contains("netty-codec-native-quic")).toList());
        Process p = new ProcessBuilder(command(netty, without, "--protocol=h3")).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), out);
        assertEquals(1, p.exitValue(), out);
        assertTrue(out.contains("cannot start: protocol h3 (HTTP/3) cannot be served here: Netty's native QUIC "
                + "library (netty-codec-native-quic) does not load"), out);
        assertFalse(out.contains(Readiness.PREFIX), "it must not get ready:\n" + out);
        assertFalse(out.contains("\tat "), "one line, no stack trace:\n" + out);
    }

    private static void assertContract(String where, H3Client.Response r, String contentType) {
        assertEquals(200, r.status(), where);
        assertTrue(r.headers().getOrDefault("content-type", "").startsWith(contentType), where + " " + r.headers());
        assertEquals(String.valueOf(r.body().getBytes(StandardCharsets.UTF_8).length),
                r.headers().get("content-length"), where + " Content-Length");
        assertFalse(r.headers().getOrDefault("server", "").isBlank(), where + " Server");
        ZonedDateTime d = ZonedDateTime.parse(r.headers().get("date"), DateTimeFormatter.RFC_1123_DATE_TIME);
        assertTrue(Math.abs(Duration.between(d, ZonedDateTime.now()).toSeconds()) < 60, where + " Date " + d);
    }


    private static void stop(java.util.Collection<Process> processes) throws InterruptedException {
        for (Process p : processes) {
            p.destroy();
        }
        for (Process p : processes) {
            assertTrue(p.waitFor(15, TimeUnit.SECONDS), "a target did not stop on SIGTERM");
            assertEquals(0, p.exitValue(), "exit code after SIGTERM");
        }
    }
}
