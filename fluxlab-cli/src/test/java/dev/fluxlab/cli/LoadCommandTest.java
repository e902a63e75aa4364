package dev.fluxlab.cli;


import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
            "http://127.0.0.1:9/ --warmup-watch-pid 1,0  | fluxlab load: --warmup-watch-pid: '0' cannot be a process id: they run from 1",
            "http://127.0.0.1:9/ --warmup-watch-pid -5   | fluxlab load: --warmup-watch-pid: '-5' cannot be a process id",
            "http://127.0.0.1:9/ --warmup-watch-pid 99999999999 | fluxlab load: --warmup-watch-pid: '99999999999' cannot be a process id: they run from 1 to ",
            "http://127.0.0.1:9/ --warmup-watch-pid 12x  | fluxlab load: --warmup-watch-pid: '12x' is not a whole number",
            "http://127.0.0.1:9/ -c 0                    | --connections",
            "http://127.0.0.1:9/ -m 0                    | --in-flight",
            "http://127.0.0.1:9/ --protocol h2           | https",
            "http://127.0.0.1:9/ --progress loud         | --progress",
            "http://127.0.0.1:9/ -H NoColon              | invalid header",
            "http://127.0.0.1:9/ --rate 1000000000001    | --rate must be more than 0 and at most 1000000000 requests per second",
            "http://127.0.0.1:9/ --rate 1e12             | fluxlab load: --rate: '1e12' is not a decimal number; write digits",
            "http://127.0.0.1:9/ --rate 0x1p10           | fluxlab load: --rate: '0x1p10' is not a decimal number; write digits",
            "http://127.0.0.1:-1/                        | port -1 is out of range",
            "http://127.0.0.1:abc/                       | port 'abc' is not a number",
            "http://127.0.0.1:0/                         | port 0 cannot be connected to",
            "http://no_such_host.invalid:9/              | cannot resolve host 'no_such_host.invalid'",
            "http://127.0.0.1:9/ --body-file /tmp        | --body-file /tmp is a folder",
            "http://127.0.0.1:9/ --measure-gate /tmp     | --measure-gate needs the name of a file that does not exist yet",
            "http://127.0.0.1:9/ -d 50ms                 | fluxlab load: --duration: '50ms' must be at least 100ms",
            "http://user:pw@127.0.0.1:9/                 | credentials in the URL are not sent",
            "http://127.0.0.1:9/ -H Content-Length:5       | is set by fluxlab from the request body",
            "http://127.0.0.1:9/ --body-file /dev/zero   | --body-file /dev/zero is not a regular file (a device or a pipe)",
            "http://127.0.0.1:9/ --body-file /no/such    | --body-file /no/such cannot be read (no such file)",
            "http://127.0.0.1:9/ --json /proc/nope/x.json | --json /proc/nope/x.json cannot be written",
            "http://127.0.0.1:9/ --hgrm /dev/null/x.hgrm | --hgrm /dev/null/x.hgrm cannot be written (/dev/null is not a folder)",
            "http://127.0.0.1:9/ --json /tmp             | --json /tmp is a folder",
            "http://127.0.0.1:9/ --warmup 0 --warmup-min 1h | --warmup-min bounds an automatic warm-up (--warmup auto), and --warmup 0 is a fixed one",
            "http://127.0.0.1:9/ --warmup 2s --warmup-max 5s | --warmup-max bounds an automatic warm-up",
            "http://127.0.0.1:9/ -n 100 -d 5s            | --duration and --requests each decide when the measured phase ends; give one of them",
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
        assertFalse(err.toString().contains("\tat ") || err.toString().contains("Exception"), "no stack trace: " + err);
    }

    /**
     * An output is never one of the command's inputs and its name must fit the file system, all checked before any
     * connection: the same file as --json and --hgrm, or as --body-file, was overwritten after the load; a 245-byte
     * name failed only when the result was written, its temp file's name being longer.
     */
    @org.junit.jupiter.api.Test
    void outputsThatWouldReplaceAnInputOrCannotBeNamedAreRefused(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path body = java.nio.file.Files.writeString(dir.resolve("body.json"), "{}");
        java.nio.file.Path fifo = dir.resolve("fifo");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        String f = dir.resolve("r.json").toString();
        String[][] cases = {
                {"--json", f, "--hgrm", f, "--hgrm " + f + " is the --json file too, which this command reads"},
                {"--body-file", body.toString(), "--json", body.toString(), "--json " + body + " is the --body-file"},
                {"--body-file", fifo.toString(), "--json", f, "--body-file " + fifo + " is not a regular file"},
                {"--json", dir.resolve("b".repeat(256)).toString(), "-c", "1", "longer than 255 bytes"},
                {"--json", "", "-c", "1", dev.fluxlab.model.Refusal.emptyPath("--json")},
                {"--body-file", "", "-c", "1", dev.fluxlab.model.Refusal.emptyPath("--body-file")}};
        for (String[] c : cases) {
            StringWriter err = new StringWriter();
            CommandLine cl = Main.commandLine();
            cl.setErr(new PrintWriter(err, true));
            int code = cl.execute("load", "http://127.0.0.1:9/", c[0], c[1], c[2], c[3]);
            assertEquals(2, code, String.join(" ", c) + ": " + err);
            assertTrue(err.toString().contains(c[4]), err.toString());
        }
        assertEquals("{}", java.nio.file.Files.readString(body), "the body file is untouched");
    }

    /** A pid one above the kernel's largest is refused as the command line is read; the largest is taken. */
    @org.junit.jupiter.api.Test
    void aProcessIdAboveTheKernelsLargestIsRefused() throws Exception {
        long max = Long.parseLong(new String(new ProcessBuilder("cat", "/proc/sys/kernel/pid_max").start()
                .getInputStream().readAllBytes()).strip());
        assertTrue(max >= 301, "pid_max " + max); // the kernel's least
        String err = OptionValuesTest.refusal("load", "http://127.0.0.1:9/", "--warmup-watch-pid", "1," + (max + 1));
        assertEquals("fluxlab load: --warmup-watch-pid: '" + (max + 1) + "' cannot be a process id: they run from 1 "
                + "to " + max + " here (/proc/sys/kernel/pid_max); give the pid of a running JVM, e.g. from jps",
                String.valueOf(err).strip());
        assertEquals(null, OptionValuesTest.refusal("load", "http://127.0.0.1:9/", "--warmup-watch-pid", "1," + max));
    }

    @org.junit.jupiter.api.Test
    void anHttp1HeaderTooLargeIsRefusedInHttp1Terms() {
        StringWriter err = new StringWriter();
        CommandLine cl = Main.commandLine();
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute("load", "http://127.0.0.1:9/", "-H", "X-Big: " + "a".repeat(100_000));
        assertEquals(2, code, err.toString());
        assertTrue(err.toString().contains("too large for HTTP/1.1: fluxlab sends at most 65536 bytes"), err.toString());
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
