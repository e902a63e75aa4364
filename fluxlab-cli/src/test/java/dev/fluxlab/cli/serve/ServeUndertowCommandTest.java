package dev.fluxlab.cli.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Each bad knob of {@code fluxlab serve undertow} gets its own message, naming that knob alone and the fix. */
class ServeUndertowCommandTest {

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
        "--io-threads, 0, '--io-threads must be at least 1, was 0'",
        "--worker-threads, 0, '--worker-threads must be at least 1, was 0'",
        "--backlog, -5, '--backlog must be at least 1, was -5'",
        "--buffer-size, 512, '--buffer-size must be at least 1024 bytes, was 512'"})
    void oneBadOptionOneMessage(String flag, String value, String message) {
        ServeReactorNettyCommandTest.Result r = ServeReactorNettyCommandTest.run("serve", "undertow", flag, value);
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().startsWith("fluxlab: " + message + "; leave it out for light-4j's default"), r.err());
        for (String other : new String[]{"--io-threads", "--worker-threads", "--backlog", "--buffer-size"}) {
            if (!other.equals(flag)) {
                assertFalse(r.err().contains(other), other + " named for a bad " + flag + ": " + r.err());
            }
        }
        assertEquals("", r.out());
    }

    /** The help names light-4j's defaults, which UndertowListener holds for both Undertow targets. */
    @org.junit.jupiter.api.Test
    void helpNamesLight4jsDefaults() {
        ServeReactorNettyCommandTest.Result r = ServeReactorNettyCommandTest.run("serve", "undertow", "--help");
        assertEquals(0, r.exitCode(), r.err());
        String help = r.out().replaceAll("\\s+", " ");
        for (String d : new String[]{"XNIO IO threads (default: 2 x cores, light-4j's).",
                "Worker threads (default: 200, light-4j's).", "Accept backlog (default: 10000, light-4j's).",
                "Buffer size (default: 16384, light-4j's)."}) {
            assertTrue(help.contains(d), d + " in " + r.out());
        }
    }

    /** Only the cleartext names, exactly as written (the name is announced as given): no TLS, no other spelling. */
    @ParameterizedTest(name = "--protocol {0}")
    @CsvSource({"h2", "H2C", "http3"})
    void aProtocolItDoesNotServeIsRefusedWithTheOnesItDoes(String protocol) {
        ServeReactorNettyCommandTest.Result r = ServeReactorNettyCommandTest.run("serve", "undertow", "--protocol",
                protocol);
        assertEquals(2, r.exitCode(), r.err());
        assertEquals("fluxlab serve undertow: --protocol: unknown protocol '" + protocol
                + "'; accepted: http1.1, h2c, http1.1+h2c\n", r.err());
        assertEquals("", r.out());
    }
}
