package dev.fluxlab.cli.serve;

import dev.fluxlab.targets.common.serve.ServeSupport;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxlab.targets.common.net.PortInUseException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every {@code serve} command fails alike at start-up ({@link ServeSupport}): bad input (an unknown option, a bad
 * {@code --host/--port}, a busy port) exits 2 with one line naming the problem and the fix; anything else exits 1
 * with one line naming what failed and its cause.
 */
class ServeStartFailureTest {

    /** Each server command with the knobs that keep it small (one loop, no TLS); the port is appended. */
    static Stream<Arguments> servers() {
        return Stream.of(
                Arguments.of("reactor-netty", List.of("--transport", "nio", "--workers", "1")),
                Arguments.of("netty", List.of("--transport", "nio", "--workers", "1")),
                Arguments.of("undertow", List.of("--io-threads", "1", "--worker-threads", "1")),
                Arguments.of("frontend", List.of("--protocol", "h2c", "--transport", "nio", "--workers", "1",
                        "--backend-url", "http://127.0.0.1:1")),
                Arguments.of("mock-api", List.of("--transport", "nio", "--workers", "1")),
                Arguments.of("fan-out", List.of("--transport", "nio", "--workers", "1",
                        "--backend-url", "http://127.0.0.1:1")));
    }

    @ParameterizedTest(name = "serve {0}")
    @MethodSource("servers")
    void busyPortIsBadInputNamingThePortAndTheFix(String target, List<String> knobs) throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();
            List<String> args = new ArrayList<>(List.of("serve", target));
            args.addAll(knobs);
            args.addAll(List.of("--port", String.valueOf(port)));
            ServeReactorNettyCommandTest.Result r = ServeReactorNettyCommandTest.run(args.toArray(String[]::new));
            assertEquals(2, r.exitCode(), r.err());
            List<String> errors = r.err().lines().filter(l -> l.contains("in use")).toList();
            assertEquals(List.of("fluxlab serve " + target + ": port " + port + " is in use; pick another or use "
                    + "--port 0"), errors, r.err());
            assertEquals("", r.out(), "no readiness line when the server did not start");
        }
    }

    @ParameterizedTest(name = "serve {0} {1}")
    @CsvSource(delimiter = '|', value = {
        "reactor-netty     |",
        "netty             |",
        "undertow          |",
        "frontend          | --backend-url=http://127.0.0.1:1",
        "httpclient-loader | --backend-url=http://127.0.0.1:1",
        "mock-api          |",
        "fan-out           | --backend-url=http://127.0.0.1:1"})
    void unknownOptionIsBadInput(String target, String required) {
        // with its required options given, the unknown one is the only problem
        List<String> args = new ArrayList<>(List.of("serve", target));
        if (required != null) {
            args.add(required);
        }
        args.add("--no-such-knob=1");
        ServeReactorNettyCommandTest.Result r = ServeReactorNettyCommandTest.run(args.toArray(String[]::new));
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().startsWith("fluxlab: Unknown option: '--no-such-knob=1'"), r.err());
        assertTrue(r.err().contains("Try 'fluxlab serve " + target + " --help'"), r.err());
        assertEquals("", r.out());
    }

    /** The fan-out's backend is named for what is wrong with it: the scheme, a name that does not resolve. */
    @ParameterizedTest(name = "serve fan-out --backend-url {0}")
    @CsvSource(delimiter = '|', value = {
        "ftp://x                       | fluxlab serve fan-out: --backend-url: 'ftp://x' is not an http:// or https:// URL with a host",
        "https://127.0.0.1:1           | is not an http:// URL with a host (the mock API speaks HTTP/1.1 in clear text)",
        "http://no-such-host.invalid:1 | --backend-url host 'no-such-host.invalid' cannot be resolved",
        "http://192.0.2.1:80           | is not a loopback URL"})
    void aBadFanOutBackendIsNamed(String url, String expected) {
        ServeReactorNettyCommandTest.Result r = ServeReactorNettyCommandTest.run("serve", "fan-out", "--backend-url", url);
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().contains(expected), r.err());
        assertEquals("", r.out());
    }

    @ParameterizedTest(name = "serve {0}")
    @ValueSource(strings = {"reactor-netty", "netty", "undertow", "mock-api"})
    void portOutOfRangeAndNonLoopbackHostAreBadInput(String target) {
        ServeReactorNettyCommandTest.Result r = ServeReactorNettyCommandTest.run("serve", target, "--port", "70000");
        assertEquals(2, r.exitCode(), r.err());
        assertEquals("fluxlab serve " + target + ": --port: '70000' is out of range; give 0..65535 (0 picks a free "
                + "one)", r.err().strip());
        r = ServeReactorNettyCommandTest.run("serve", target, "--host", "192.0.2.1");
        assertEquals(2, r.exitCode(), r.err());
        assertEquals("fluxlab serve " + target + ": --host: '192.0.2.1' is not a loopback address; the lab binds "
                + "loopback only (127.0.0.1 or ::1)", r.err().strip());
        r = ServeReactorNettyCommandTest.run("serve", target, "--host", "");
        assertEquals(2, r.exitCode(), r.err());
        assertEquals("fluxlab serve " + target + ": --host: an empty host; give a loopback address such as 127.0.0.1 "
                + "or ::1", r.err().strip());
        assertEquals("", r.out());
    }

    @Test
    void everyServerCommandSharesTheBindOptions() {
        servers().forEach(a -> {
            ServeReactorNettyCommandTest.Result r = ServeReactorNettyCommandTest.run("serve", (String) a.get()[0],
                    "--help");
            assertEquals(0, r.exitCode());
            assertTrue(r.out().contains("Loopback address to bind (default: 127.0.0.1)")
                    && r.out().contains("Port to bind; 0 picks a free one (default: 0)"), r.out());
        });
    }

    // the one decision, for failures a real start-up rarely produces on demand

    private static String[] decide(Throwable failure, int[] code) {
        StringWriter err = new StringWriter();
        code[0] = ServeSupport.startFailure(new PrintWriter(err, true), "fluxlab serve x", 8080, failure);
        return err.toString().lines().toArray(String[]::new);
    }

    @Test
    void illegalArgumentIsBadInputInOneLine() {
        int[] code = new int[1];
        String[] lines = decide(new IllegalArgumentException("--delay must be positive,\nwas -1s"), code);
        assertEquals(2, code[0]);
        assertEquals(List.of("fluxlab serve x: --delay must be positive, was -1s"), List.of(lines));
    }

    @Test
    void everyFormOfBindConflictNamesThePort() {
        int[] code = new int[1];
        assertEquals(List.of("fluxlab serve x: port 9090 is in use; pick another or use --port 0"),
                List.of(decide(new PortInUseException(9090, new BindException("Address already in use")), code)));
        assertEquals(2, code[0]);
        assertEquals(List.of("fluxlab serve x: port 8080 is in use; pick another or use --port 0"),
                List.of(decide(new PortInUseException(8080, null), code)));
        assertEquals(2, code[0]);
        assertEquals(List.of("fluxlab serve x: port 8080 is in use; pick another or use --port 0"),
                List.of(decide(new IllegalStateException("bind failed", new BindException("Address already in use")),
                        code)));
        assertEquals(2, code[0]);
    }

    @Test
    void anythingElseCannotStartWithItsCause() {
        int[] code = new int[1];
        String[] lines = decide(new IllegalStateException("event loops did not start",
                new UncheckedIOException(new IOException("too many open files"))), code);
        assertEquals(1, code[0]);
        assertEquals(1, lines.length, String.join("\n", lines));
        assertTrue(lines[0].startsWith("fluxlab serve x: cannot start: java.lang.IllegalStateException: event loops "
                + "did not start; cause: java.io.IOException: too many open files"), lines[0]);
        lines = decide(new UnsatisfiedLinkError("no netty_transport_native_io_uring"), code);
        assertEquals(1, code[0]);
        assertTrue(lines[0].contains("UnsatisfiedLinkError: no netty_transport_native_io_uring"), lines[0]);
    }
}
