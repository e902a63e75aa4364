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
            err.println(name + ": " + dev.fluxlab.options.PathNames.unnameable(bad));
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

    private static String oneLine(Throwable e) {
        String text = e.getMessage() == null ? e.getClass().getName() : e.getClass().getSimpleName() + ": " + e.getMessage();
        return text.strip().replaceAll("\\s*\\R\\s*", " ");
    }
}
