package dev.fluxlab.it.contract;

import dev.fluxlab.runner.inject.ExternalInjectors;
import dev.fluxlab.runner.registry.KnobDef;
import dev.fluxlab.runner.registry.LaunchDef;
import dev.fluxlab.runner.registry.TargetRegistry;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every registry target whose {@code protocol} knob offers {@code h2c} answers h2c by prior knowledge: h2load (the
 * h2c peer of the cross-check suite) sends 200 requests over 2 connections x 8 streams and every one must be a 2xx.
 * CI installs h2load (.ci/run); a missing h2load fails with the package name.
 */
class H2cContractTest {

    @Test
    void h2cTargetsAnswerH2load() throws Exception {
        String h2load = ExternalInjectors.locate("h2load").map(Object::toString).orElseThrow(() -> new AssertionError(
                "h2load is not installed: install Debian's package nghttp2-client (apt-get install nghttp2-client)"));
        TargetRegistry registry = TargetRegistry.builtIn();
        Map<String, Process> started = new LinkedHashMap<>();
        try {
            for (String name : registry.targetNames()) {
                LaunchDef def = registry.target(name).orElseThrow();
                KnobDef protocol = def.knobsOrEmpty().get("protocol");
                if (!def.servesPlaintextContract() || protocol == null || protocol.values() == null || !protocol.values().contains("h2c")) {
                    continue;
                }
                List<String> cmd = new ArrayList<>();
                cmd.add(TargetRegistry.java());
                cmd.addAll(def.jvmOrEmpty());
                cmd.add("-XX:TieredStopAtLevel=1");
                cmd.add("-cp");
                cmd.add(registry.classpath(def));
                cmd.add(def.main());
                cmd.addAll(def.argsOrEmpty());
                cmd.add("--protocol=h2c");
                started.put(name, new ProcessBuilder(cmd).redirectErrorStream(true).start());
            }
            assertFalse(started.isEmpty(), "no registry target offers h2c");
            for (var e : started.entrySet()) {
                int port = port(e.getKey(), e.getValue());
                Process p = new ProcessBuilder(h2load, "-n", "200", "-c", "2", "-m", "8", "-t", "1",
                        "http://127.0.0.1:" + port + "/plaintext").redirectErrorStream(true).start();
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertTrue(p.waitFor(30, TimeUnit.SECONDS), e.getKey() + ": h2load did not finish");
                assertTrue(out.contains("200 succeeded, 0 failed, 0 errored") && out.contains("200 2xx"),
                        e.getKey() + " over h2c:\n" + out);
                assertTrue(out.contains("Application protocol: h2c"), out);
                var curl = ExternalInjectors.locate("curl");
                if ("netty".equals(e.getKey()) && curl.isPresent()) {
                    // a HEAD answered with a DATA frame after its headers was reset by the client (PROTOCOL_ERROR)
                    Process head = new ProcessBuilder(curl.get().toString(), "-s", "-S", "-I", "--http2-prior-knowledge",
                            "http://127.0.0.1:" + port + "/plaintext").redirectErrorStream(true).start();
                    String h = new String(head.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                    assertTrue(head.waitFor(30, TimeUnit.SECONDS) && head.exitValue() == 0, "HEAD over h2c:\n" + h);
                    assertTrue(h.startsWith("HTTP/2 405") && h.contains("allow: GET"), h);
                }
            }
        } finally {
            for (Process p : started.values()) {
                p.destroy();
            }
            for (Process p : started.values()) {
                p.waitFor(15, TimeUnit.SECONDS);
            }
        }
    }

    private static int port(String name, Process p) throws Exception {
        return ReadyLine.await(name, p).port().orElseThrow();
    }
}
