package dev.fluxlab.it;

import dev.fluxlab.cli.Main;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code fluxlab} command line run in the test's own JVM, as the launcher runs it ({@link Main#commandLine()}),
 * with its exit code and both outputs captured, or as a process of its own: the end-to-end tests drive the lab
 * through it as a user would (public: the tests of the sub-packages, such as {@code hostile}, run it too).
 */
public final class Fluxlab {

    /** A command's exit code and what it printed on standard output and standard error. */
    public record Outcome(int code, String out, String err) {
    }

    private Fluxlab() {
    }

    /** Runs {@code fluxlab ARGS} to its end. */
    public static Outcome execute(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = Main.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(args);
        return new Outcome(code, out.toString(), err.toString());
    }

    /**
     * Starts {@code fluxlab ARGS} as a process of its own (this JVM's java and classpath) in {@code dir}, both outputs
     * to the file {@code output}: for the tests that interrupt or kill a runner, which they cannot do to their own JVM.
     */
    public static Process start(Path dir, Path output, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(output.toFile()).start();
    }
}
