package dev.fluxlab.it;

import dev.fluxlab.cli.Main;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;

/**
 * The {@code fluxlab} command line run in the test's own JVM, as the launcher runs it ({@link Main#commandLine()}),
 * with its exit code and both outputs captured: the end-to-end tests drive the lab through it as a user would.
 */
final class Fluxlab {

    /** A command's exit code and what it printed on standard output and standard error. */
    record Outcome(int code, String out, String err) {
    }

    private Fluxlab() {
    }

    /** Runs {@code fluxlab ARGS} to its end. */
    static Outcome execute(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = Main.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(args);
        return new Outcome(code, out.toString(), err.toString());
    }
}
