package dev.fluxlab.it.contract;

import dev.fluxlab.model.Readiness;
import dev.fluxlab.model.ReadinessAttributes;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The contract tests' one way to wait for a target process's readiness line: read its output until the line (at most
 * 60 s), then keep draining it on a daemon thread so the pipe never fills and blocks the target.
 */
final class ReadyLine {

    private ReadyLine() {
    }

    /** The readiness attributes {@code p} (named {@code name} in the failure) announced. */
    static ReadinessAttributes await(String name, Process p) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        List<String> seen = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        String line;
        while (System.nanoTime() < deadline && (line = in.readLine()) != null) {
            seen.add(line);
            if (line.startsWith(Readiness.PREFIX)) {
                Thread.ofPlatform().daemon().start(() -> drain(in));
                return Readiness.parse(line).orElseThrow();
            }
        }
        throw new AssertionError("target " + name + " printed no readiness line: " + seen);
    }

    private static void drain(BufferedReader in) {
        try {
            while (in.readLine() != null) {
                // discard
            }
        } catch (IOException e) {
            // gone
        }
    }
}
