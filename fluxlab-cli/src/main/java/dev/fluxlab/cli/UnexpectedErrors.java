package dev.fluxlab.cli;

import dev.fluxlab.model.suite.SuiteException;
import picocli.CommandLine;

import java.io.PrintWriter;

/**
 * How a fluxlab command answers an exception it did not turn into a message of its own: one line naming the command
 * and the exception instead of a stack trace on the user's terminal. A {@link SuiteException} is bad input (exit 2,
 * its message already names the file, line and fix); anything else exits 1 (a fault of fluxlab, or of the machine such
 * as a full disk), its stack trace printed only when {@value #TRACE_VARIABLE}=1 asks for it, for a bug report.
 */
final class UnexpectedErrors {

    /** The environment variable that turns the stack trace of an unexpected exception back on. */
    static final String TRACE_VARIABLE = "FLUXLAB_STACKTRACE";

    private UnexpectedErrors() {
    }

    /** A picocli {@code IExecutionExceptionHandler}: {@code commandLine.setExecutionExceptionHandler(UnexpectedErrors::handle)}. */
    static int handle(Exception ex, CommandLine cmd, CommandLine.ParseResult parsed) {
        PrintWriter err = cmd.getErr();
        cmd.getOut().flush();
        String name = cmd.getCommandSpec().qualifiedName();
        if (ex instanceof SuiteException) {
            err.println(name + ": invalid suite: " + ex.getMessage());
            err.flush();
            return cmd.getCommandSpec().exitCodeOnInvalidInput();
        }
        if (ex instanceof java.nio.file.InvalidPathException bad) {
            err.println(name + ": " + unnameable(bad));
            err.flush();
            return cmd.getCommandSpec().exitCodeOnInvalidInput();
        }
        err.println(name + ": unexpected error: " + oneLine(ex) + "; unless that says what to change, run again with "
                + TRACE_VARIABLE + "=1 and report the stack trace");
        if ("1".equals(System.getenv(TRACE_VARIABLE))) {
            ex.printStackTrace(err);
        }
        err.flush();
        return cmd.getCommandSpec().exitCodeOnExecutionException();
    }

    /**
     * A path Java cannot name: under a locale whose charset is not UTF-8 ({@code LANG=C}) a file name outside ASCII
     * cannot be turned into bytes, the usual cause, so the advice is a UTF-8 locale.
     */
    static String unnameable(java.nio.file.InvalidPathException e) {
        return "the path '" + e.getInput() + "' cannot be used (" + e.getReason() + "); " + localeAdvice();
    }

    /** What to do about a path Java cannot name in this locale. */
    static String localeAdvice() {
        String charset = System.getProperty("sun.jnu.encoding", java.nio.charset.Charset.defaultCharset().name());
        return charset.equalsIgnoreCase("UTF-8") ? "give a plain file name"
                : "file names are read in this locale's charset, " + charset + ", which cannot hold every character: "
                + "run with a UTF-8 locale, e.g. LANG=C.UTF-8";
    }

    private static String oneLine(Throwable e) {
        String text = e.getMessage() == null ? e.getClass().getName() : e.getClass().getSimpleName() + ": " + e.getMessage();
        return text.strip().replaceAll("\\s*\\R\\s*", " ");
    }
}
