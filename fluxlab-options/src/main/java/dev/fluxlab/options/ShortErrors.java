package dev.fluxlab.options;

import picocli.CommandLine;

/**
 * How a fluxlab command line answers bad input: one clear line naming the problem, a pointer to the command's help
 * and exit code 2, not pages of usage text that bury the message; a value one of fluxlab's converters refused is one
 * line in {@link OptionValues}' frame, {@code <command>: <option>: <problem and fix>}. Every entry point installs it
 * ({@link OptionValues#install}: the {@code fluxlab} command, and a target started from a classpath of its own).
 */
public final class ShortErrors {

    private ShortErrors() {
    }

    /** A picocli {@code IParameterExceptionHandler}: {@code commandLine.setParameterExceptionHandler(ShortErrors::handle)}. */
    public static int handle(CommandLine.ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        java.io.PrintWriter err = cmd.getErr();
        if (ex.getCause() instanceof OptionValues.Refused refused && ex.getArgSpec() != null) {
            // a value a fluxlab converter refused: its message names the problem and the fix, the frame the option
            err.println(OptionValues.line(cmd.getCommandSpec(), ex.getArgSpec(), refused.getMessage()));
            err.flush();
            return cmd.getCommandSpec().exitCodeOnInvalidInput();
        }
        if (ex instanceof CommandLine.MissingParameterException && !cmd.getUnmatchedArguments().isEmpty()) {
            // picocli checks required parameters before unknown options: the missing one may be the misspelt one
            ex = new CommandLine.UnmatchedArgumentException(cmd, cmd.getUnmatchedArguments());
        }
        err.println("fluxlab: " + ex.getMessage());
        CommandLine.UnmatchedArgumentException.printSuggestions(ex, err);
        err.println("Try '" + cmd.getCommandSpec().qualifiedName() + " --help' for the accepted options.");
        err.flush();
        return cmd.getCommandSpec().exitCodeOnInvalidInput();
    }
}
