package dev.fluxlab.model.contract;

import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.fluxlab.model.Json;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The protocol of an injector JVM kept for several loads ({@code fluxlab load-session}, docs/contracts.md): the runner
 * writes one job per line on its stdin, a JSON array of the words of a {@code fluxlab load} command line
 * ({@code ["load", URL, "--connections", "16", ...]}); the session runs it exactly as {@code fluxlab load} would, its
 * output on stdout as usual, then prints {@code fluxlab-load-end exit=<code>} with the code {@code fluxlab load} would
 * have exited with. End of stdin ends the session.
 *
 * <p>Why: a fresh injector JVM spends its first ~5 s compiling its own hot path (throughput ramps 19k, 39k, 45k, 49k,
 * 63k req/s against a warm target in the quick suite); under {@code fork: shared} the next cell reuses the target's
 * JVM, and now the injector's too.
 */
public final class LoadSession {

    /** The first word of every job: only {@code fluxlab load} runs in a session. */
    public static final String COMMAND = "load";
    /** The prefix of the line that ends each job. */
    public static final String END_PREFIX = "fluxlab-load-end";

    private static final String END_HEAD = END_PREFIX + " exit=";
    private static final ObjectWriter ONE_LINE = Json.mapper().writer()
            .without(SerializationFeature.INDENT_OUTPUT);

    private LoadSession() {
    }

    /** The job line for {@code argv} (the words after {@code fluxlab}, starting with {@link #COMMAND}). */
    public static String job(List<String> argv) {
        if (argv.isEmpty() || !COMMAND.equals(argv.getFirst())) {
            throw new IllegalArgumentException("a load session runs 'load' command lines only, not " + argv);
        }
        try {
            return ONE_LINE.writeValueAsString(argv);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The words of a job line.
     *
     * @throws IllegalArgumentException when the line is not a JSON array of strings starting with {@link #COMMAND}
     */
    public static List<String> parseJob(String line) {
        String[] words;
        try {
            words = Json.read(line, String[].class);
        } catch (IOException e) {
            throw new IllegalArgumentException("a load-session job is a JSON array of strings, not: " + abbreviate(line));
        }
        List<String> argv = Arrays.asList(words);
        if (argv.isEmpty() || !COMMAND.equals(argv.getFirst()) || argv.contains(null)) {
            throw new IllegalArgumentException("a load-session job starts with \"" + COMMAND + "\": " + abbreviate(line));
        }
        return List.copyOf(argv);
    }

    /** The line that ends a job that exited with {@code code}. */
    public static String end(int code) {
        return END_HEAD + code;
    }

    /** The exit code of an end line; empty for any other line. */
    public static Optional<Integer> parseEnd(String line) {
        if (line == null || !line.startsWith(END_HEAD)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Integer.parseInt(line.substring(END_HEAD.length()).trim()));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static String abbreviate(String s) {
        return s.length() <= 80 ? s : s.substring(0, 80) + "...";
    }
}
