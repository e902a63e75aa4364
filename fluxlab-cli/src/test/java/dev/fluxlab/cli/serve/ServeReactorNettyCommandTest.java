package dev.fluxlab.cli.serve;

import dev.fluxlab.targets.reactor.serve.ServeReactorNettyCommand;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxlab.cli.Main;
import dev.fluxlab.targets.common.stress.StressConfig;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Bad input to {@code fluxlab serve reactor-netty}: exit code != 0 and one message naming the problem. */
class ServeReactorNettyCommandTest {

    record Result(int exitCode, String out, String err) {
    }

    static Result run(String... args) {
        CommandLine cmd = Main.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cmd.setOut(new PrintWriter(out, true));
        cmd.setErr(new PrintWriter(err, true));
        int code = cmd.execute(args);
        return new Result(code, out.toString(), err.toString());
    }

    @Test
    void unknownTransport() {
        Result r = run("serve", "reactor-netty", "--transport", "dpdk");
        assertEquals(2, r.exitCode(), r.err());
        assertEquals("fluxlab serve reactor-netty: --transport: unknown transport 'dpdk'; accepted: native, io_uring, "
                + "epoll, nio\n", r.err());
        assertEquals("", r.out());
    }

    @Test
    void unknownProtocol() {
        Result r = run("serve", "reactor-netty", "--protocol", "http3");
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().contains("unknown protocol 'http3'; accepted: http1.1, h2c, h2, http1.1+h2c"),
                r.err());
    }

    @Test
    void badDuration() {
        Result r = run("serve", "reactor-netty", "--stall", "200xs@1s");
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().startsWith("fluxlab serve reactor-netty: --stall: invalid duration '200xs'"), r.err());
    }

    @Test
    void stallLongerThanItsPeriod() {
        Result r = run("serve", "reactor-netty", "--stall", "2s@1s");
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().contains("must be shorter than its period"), r.err());
    }

    @Test
    void nonNumericValueIsATypeError() {
        Result r = run("serve", "reactor-netty", "--workers", "many");
        assertEquals(2, r.exitCode(), r.err());
        assertEquals("fluxlab serve reactor-netty: --workers: 'many' is not a whole number; write digits, e.g. 16",
                r.err().strip());
    }

    @Test
    void outOfRangeKnob() {
        Result r = run("serve", "reactor-netty", "--workers", "0");
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().contains("workers must be from 1 to 16384 (event-loop threads), was 0"), r.err());
        // 100000 loops grew the JVM to 11 GB without ever printing its readiness line
        for (String target : java.util.List.of("reactor-netty", "netty", "frontend")) {
            Result many = target.equals("frontend")
                    ? run("serve", target, "--workers", "100000", "--backend-url", "http://127.0.0.1:9")
                    : run("serve", target, "--workers", "100000");
            assertEquals(2, many.exitCode(), target + ": " + many.err());
            assertTrue(many.err().contains("must be from 1 to 16384 (event-loop threads), was 100000"), many.err());
        }
        Result negative = run("serve", "reactor-netty", "--select-count", "-1");
        assertEquals(2, negative.exitCode(), negative.err());
        assertTrue(negative.err().contains("select-count must be 0 (the workers accept) or from 1 to 16384"),
                negative.err());
    }

    /** The stress pool's bounds are StressConfig's, named by option as the Spring targets name them. */
    @Test
    void stressPoolBelowItsBounds() {
        Result r = run("serve", "reactor-netty", "--async-max", "0");
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().startsWith("fluxlab: --async-max (0) must be at least --async-core (100)"), r.err());
        r = run("serve", "reactor-netty", "--async-core", "0");
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().startsWith("fluxlab: --async-core must be at least 1, was 0"), r.err());
        r = run("serve", "reactor-netty", "--async-queue", "-1");
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().startsWith("fluxlab: --async-queue must be at least 0, was -1"), r.err());
        assertEquals("", r.out(), "no readiness line when the server did not start");
    }

    @Test
    void negativeWork() {
        Result r = run("serve", "reactor-netty", "--work", "-1");
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().startsWith("fluxlab: work must be at least 0 (0 = none), was -1"), r.err());
        assertEquals("", r.out(), "no readiness line when the server did not start");
    }

    @Test
    void nonLoopbackHost() {
        Result r = run("serve", "reactor-netty", "--host", "8.8.8.8");
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().startsWith("fluxlab serve reactor-netty: --host: '8.8.8.8' is not a loopback address"),
                r.err());
    }

    @Test
    void busyPort() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Result r = run("serve", "reactor-netty", "--port", String.valueOf(taken.getLocalPort()), "--workers", "1");
            assertNotEquals(0, r.exitCode());
            assertTrue(r.err().contains("port " + taken.getLocalPort() + " is in use; pick another or use --port 0"),
                    r.err());
            assertEquals("", r.out(), "no readiness line when the server did not start");
        }
    }

    @Test
    void tcpFastOpenOnNio() {
        Result r = run("serve", "reactor-netty", "--transport", "nio", "--tcp-fastopen", "16", "--workers", "1");
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().contains("--tcp-fastopen needs the epoll or io_uring transport"), r.err());
    }

    @Test
    void unknownLeakDetectionLevel() {
        Result r = run("serve", "reactor-netty", "--leak-detection", "off");
        assertEquals(2, r.exitCode(), r.err());
        assertEquals("fluxlab serve reactor-netty: --leak-detection: unknown leak-detection 'off'; accepted: disabled, "
                + "simple, advanced, paranoid\n", r.err());
        assertEquals("", r.out(), "no readiness line when the server did not start");
    }

    @Test
    void helpListsTheKnobsWithDefaults() {
        Result r = run("serve", "reactor-netty", "--help");
        assertEquals(0, r.exitCode());
        for (String knob : new String[]{"--host", "--port", "--protocol", "--transport", "--workers",
                "--select-count", "--backlog", "--tcp-nodelay", "--rcvbuf", "--sndbuf", "--tcp-fastopen",
                "--h2-max-concurrent-streams", "--h2-initial-window-size", "--stall", "--fail-every", "--work"}) {
            assertTrue(r.out().contains(knob), knob + " in " + r.out());
        }
        assertTrue(r.out().contains("(default: native)") && r.out().contains("(default: http1.1)"), r.out());
    }

    /** The stress options' defaults are StressConfig's (picocli takes them as constants), and --help shows them. */
    @Test
    void stressDefaultsAreStressConfigs() {
        CommandLine cmd = Main.commandLine();
        cmd.parseArgs("serve", "reactor-netty");
        ServeReactorNettyCommand serve = cmd.getSubcommands().get("serve").getSubcommands().get("reactor-netty")
                .getCommand();
        assertEquals(StressConfig.DEFAULTS, serve.stress());
        String help = run("serve", "reactor-netty", "--help").out().replaceAll("\\s+", " ");
        for (Object d : new Object[]{StressConfig.DEFAULT_SLEEP_TEXT, StressConfig.DEFAULT_ASYNC_CORE,
                StressConfig.DEFAULT_ASYNC_MAX, StressConfig.DEFAULT_ASYNC_QUEUE, StressConfig.DEFAULT_THREAD_HEADER,
                StressConfig.DEFAULT_VIRTUAL_SCHEDULER_TEXT}) {
            assertTrue(help.contains("(default: " + d + ")"), d + " in " + help);
        }
    }
}
