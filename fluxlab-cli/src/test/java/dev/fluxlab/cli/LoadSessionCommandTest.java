package dev.fluxlab.cli;

import dev.fluxlab.model.contract.LoadSession;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code fluxlab load-session}: every job ends with its own end line and exit code, a job refused as bad input
 * leaves the session running for the next, and the end of stdin ends it with 0.
 */
class LoadSessionCommandTest {

    @Test
    void eachJobEndsWithItsExitCodeAndBadJobsDoNotEndTheSession() throws Exception {
        String jobs = String.join("\n",
                "not json",
                "[\"serve\", \"netty\"]",
                "",
                LoadSession.job(List.of("load", "http://127.0.0.1:9/plaintext", "--connections", "0")),
                LoadSession.job(List.of("load", "http://192.0.2.1:9/plaintext", "--duration", "1s"))) + "\n";
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = LoadSessionCommand.serve(new BufferedReader(new StringReader(jobs)),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, code, "end of input ends the session normally");
        List<Optional<Integer>> ends = out.toString(StandardCharsets.UTF_8).lines().map(LoadSession::parseEnd)
                .filter(Optional::isPresent).toList();
        assertEquals(List.of(Optional.of(2), Optional.of(2), Optional.of(2), Optional.of(2)), ends,
                "four jobs (the blank line is none), each refused as bad input: " + out + err);
        String e = err.toString(StandardCharsets.UTF_8);
        assertTrue(e.contains("JSON array"), e);
        assertTrue(e.contains("starts with \"load\""), e);
        assertTrue(e.contains("connections"), "the load's own message for its bad input: " + e);
        assertTrue(e.contains("192.0.2.1"), "a non-loopback target is refused as fluxlab load refuses it: " + e);
    }
}
