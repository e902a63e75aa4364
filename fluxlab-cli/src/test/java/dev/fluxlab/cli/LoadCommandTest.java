package dev.fluxlab.cli;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bad input to {@code fluxlab load} is refused with exit code 2 and a message naming the problem, before any I/O. */
class LoadCommandTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "http://127.0.0.1:9/ --bogus                 | Unknown option",
            "not a url                                   | invalid URL",
            "ftp://127.0.0.1/                            | scheme must be http or https",
            "http://10.1.2.3/                            | refusing to load non-loopback target",
            "http://127.0.0.1:9/ --rate 0                | --rate",
            "http://127.0.0.1:9/ --rate -5               | --rate",
            "http://127.0.0.1:9/ -d 10x                  | --duration",
            "http://127.0.0.1:9/ -d 10                   | --duration",
            "http://127.0.0.1:9/ --warmup soon           | --warmup",
            "http://127.0.0.1:9/ --warmup-watch-pid abc  | --warmup-watch-pid",
            "http://127.0.0.1:9/ --warmup-watch-pid 1,0  | --warmup-watch-pid must be a process id",
            "http://127.0.0.1:9/ -c 0                    | --connections",
            "http://127.0.0.1:9/ -m 0                    | --in-flight",
            "http://127.0.0.1:9/ --protocol h2           | https",
            "http://127.0.0.1:9/ --progress loud         | --progress",
            "http://127.0.0.1:9/ -H NoColon              | invalid header",
    })
    void badInputIsRefused(String args, String expected) {
        StringWriter err = new StringWriter();
        CommandLine cl = Main.commandLine();
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(new StringWriter(), true));
        String[] argv = args.equals("not a url") ? new String[]{"load", "not a url"}
                : ("load " + args).trim().split("\\s+");
        int code = cl.execute(argv);
        assertEquals(2, code, "exit code; stderr: " + err);
        assertTrue(err.toString().contains(expected), "stderr should name the problem (" + expected + "): " + err);
    }

    @org.junit.jupiter.api.Test
    void nothingListeningExitsWithOne() throws Exception {
        int port;
        try (java.net.ServerSocket ss = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = ss.getLocalPort();
        }
        StringWriter err = new StringWriter();
        CommandLine cl = Main.commandLine();
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute("load", "http://127.0.0.1:" + port + "/", "-c", "2", "-d", "1s", "--progress", "none");
        assertEquals(1, code, "stderr: " + err);
        assertTrue(err.toString().contains("could not connect"), err.toString());
    }
}
