package dev.fluxlab.cli;

import picocli.CommandLine;

/**
 * How a fluxlab command line answers bad input: one clear line naming the problem, a pointer to the command's help
 * and exit code 2, not pages of usage text that bury the message. Every entry point installs it (the {@code fluxlab}
 * command, and a target started from a classpath of its own).
 */
public final class ShortErrors {

    private ShortErrors() {
    }

    /** A picocli {@code IParameterExceptionHandler}: {@code commandLine.setParameterExceptionHandler(ShortErrors::handle)}. */
    public static int handle(CommandLine.ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        java.io.PrintWriter err = cmd.getErr();
        for (Throwable t = ex.getCause(); t != null; t = t.getCause()) {
            if (t instanceof java.nio.file.InvalidPathException bad) {
                err.println(cmd.getCommandSpec().qualifiedName() + ": " + UnexpectedErrors.unnameable(bad));
                err.flush();
                return cmd.getCommandSpec().exitCodeOnInvalidInput();
            }
        }
        if (String.valueOf(ex.getMessage()).contains(java.nio.file.InvalidPathException.class.getName())) {
            // picocli's conversion keeps only the text of the cause: one line naming the option and the value
            CommandLine.Model.ArgSpec arg = ex.getArgSpec();
            String what = arg instanceof CommandLine.Model.OptionSpec o ? o.longestName()
                    : arg != null ? arg.paramLabel() : "a path";
            err.println(cmd.getCommandSpec().qualifiedName() + ": " + what + " '" + ex.getValue()
                    + "' cannot be used as a path; " + UnexpectedErrors.localeAdvice());
            err.flush();
            return cmd.getCommandSpec().exitCodeOnInvalidInput();
        }
        String unknown = ex instanceof CommandLine.MissingParameterException ? unknownOption(cmd, args) : null;
        if (unknown != null) {
            // picocli checks required parameters before unknown options: the missing one may be the misspelt one
            err.println("fluxlab: Unknown option: '" + unknown + "'");
            err.println("Try '" + cmd.getCommandSpec().qualifiedName() + " --help' for the accepted options.");
            err.flush();
            return cmd.getCommandSpec().exitCodeOnInvalidInput();
        }
        err.println("fluxlab: " + ex.getMessage());
        CommandLine.UnmatchedArgumentException.printSuggestions(ex, err);
        err.println("Try '" + cmd.getCommandSpec().qualifiedName() + " --help' for the accepted options.");
        err.flush();
        return cmd.getCommandSpec().exitCodeOnInvalidInput();
    }

    /**
     * The first of {@code args} that looks like an option ({@code -x}, {@code --name}, {@code --name=value}) and is
     * one of neither {@code cmd} nor its parent commands, nor the value of the option before it; null if none.
     */
    static String unknownOption(CommandLine cmd, String[] args) {
        boolean valueNext = false;
        for (String a : args == null ? new String[0] : args) {
            if (a.equals("--")) {
                return null;
            }
            boolean optionLike = a.length() > 1 && a.charAt(0) == '-' && !Character.isDigit(a.charAt(1))
                    && a.charAt(1) != '.';
            if (valueNext || !optionLike) {
                valueNext = false;
                continue;
            }
            String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
            CommandLine.Model.OptionSpec known = option(cmd, name);
            boolean attached = false;
            if (known == null && !a.startsWith("--") && a.length() > 2) {
                // a short option with its value attached (-c4, -d10s) or a cluster of short flags
                known = option(cmd, a.substring(0, 2));
                attached = true;
            }
            if (known == null) {
                return name;
            }
            valueNext = !attached && !a.contains("=") && known.arity().min() > 0;
        }
        return null;
    }

    /** The option {@code name} of {@code cmd} or of a command above it; null when none has it. */
    private static CommandLine.Model.OptionSpec option(CommandLine cmd, String name) {
        for (CommandLine c = cmd; c != null; c = c.getParent()) {
            CommandLine.Model.OptionSpec o = c.getCommandSpec().findOption(name);
            if (o != null) {
                return o;
            }
        }
        return null;
    }
}
