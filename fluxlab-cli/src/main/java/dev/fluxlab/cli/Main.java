package dev.fluxlab.cli;

import dev.fluxlab.cli.serve.ServeCommand;
import dev.fluxlab.model.ParentWatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code fluxlab} command: one entry point whose sub-commands run targets ({@code serve}),
 * the injector ({@code load}) and, later, whole experiments ({@code run}).
 */
@Command(name = "fluxlab",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = "A performance lab for reactive JVM HTTP stacks.",
        subcommands = {RunCommand.class, ListCommand.class, ServeCommand.class, LoadCommand.class, AgentCommand.class,
                ReportCommand.class, CompareCommand.class, HistoryCommand.class, CommandLine.HelpCommand.class})
public final class Main implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        ParentWatch.startFromEnvironment();   // a target or injector started by a runner dies with it
        System.exit(commandLine().execute(args));
    }

    /** The configured command line; tests call this to run commands in-process. */
    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Main());
        cl.setParameterExceptionHandler(Main::shortError);
        return cl;
    }

    /**
     * Bad input gets one clear line naming the problem, a pointer to the command's help and exit code 2,
     * not pages of usage text that bury the message.
     */
    private static int shortError(CommandLine.ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        java.io.PrintWriter err = cmd.getErr();
        err.println("fluxlab: " + ex.getMessage());
        CommandLine.UnmatchedArgumentException.printSuggestions(ex, err);
        err.println("Try '" + cmd.getCommandSpec().qualifiedName() + " --help' for the accepted options.");
        err.flush();
        return cmd.getCommandSpec().exitCodeOnInvalidInput();
    }

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[]{"fluxlab " + (v == null ? "dev" : v) + " (Java " + Runtime.version() + ")"};
        }
    }
}
