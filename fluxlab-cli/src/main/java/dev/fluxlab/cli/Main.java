package dev.fluxlab.cli;

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
        subcommands = {CommandLine.HelpCommand.class, LoadCommand.class})
public final class Main implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The configured command line; tests call this to run commands in-process. */
    public static CommandLine commandLine() {
        return new CommandLine(new Main());
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
