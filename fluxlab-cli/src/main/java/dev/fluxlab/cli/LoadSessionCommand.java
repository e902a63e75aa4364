package dev.fluxlab.cli;

import dev.fluxlab.model.contract.LoadSession;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code fluxlab load-session} (hidden): one injector JVM that runs several {@code fluxlab load} jobs one after
 * another, read from stdin ({@link LoadSession}). The runner keeps one per shared fork group, so the injector, like
 * the targets under {@code fork: shared}, pays its JIT warm-up once per group rather than once per cell. Each job
 * runs exactly as {@code fluxlab load} would (same parser, same errors, same output); only the exit becomes an end
 * line. End of stdin ends the session with exit code 0.
 */
@Command(name = "load-session", hidden = true, mixinStandardHelpOptions = true,
        description = "Run fluxlab load jobs read from stdin in one JVM (used by fluxlab run under fork: shared).")
public final class LoadSessionCommand implements Callable<Integer> {

    @Override
    public Integer call() throws IOException {
        return serve(new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)), System.out,
                System.err);
    }

    /** Runs every job of {@code in} in turn, each job's output to {@code out} and {@code err}; 0 at end of input. */
    static int serve(BufferedReader in, PrintStream out, PrintStream err) throws IOException {
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) {
                continue;
            }
            int code;
            PrintWriter jobOut = new PrintWriter(out, true);
            PrintWriter jobErr = new PrintWriter(err, true);
            try {
                List<String> argv = LoadSession.parseJob(line);
                CommandLine cl = Main.commandLine();
                cl.setOut(jobOut);
                cl.setErr(jobErr);
                code = cl.execute(argv.toArray(String[]::new));
            } catch (IllegalArgumentException e) {
                jobErr.println("fluxlab load-session: " + e.getMessage());
                code = 2;
            }
            jobOut.flush();
            jobErr.flush();
            out.println(LoadSession.end(code));
            out.flush();
        }
        return 0;
    }
}
