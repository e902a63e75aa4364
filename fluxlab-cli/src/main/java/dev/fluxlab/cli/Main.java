package dev.fluxlab.cli;

import dev.fluxlab.options.OptionValues;

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
                ReportCommand.class, CompareCommand.class, HistoryCommand.class, AotTrainCommand.class, LoadSessionCommand.class,
                CommandLine.HelpCommand.class})
public final class Main implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        ParentWatch.startFromEnvironment();   // a target or injector started by a runner dies with it
        // what reaches a terminal never carries the escape sequences a suite or a results file could hold
        System.setOut(new java.io.PrintStream(new TerminalSafeOutput(new java.io.BufferedOutputStream(
                new java.io.FileOutputStream(java.io.FileDescriptor.out))),
                true, java.nio.charset.StandardCharsets.UTF_8));
        System.setErr(new java.io.PrintStream(new TerminalSafeOutput(new java.io.BufferedOutputStream(
                new java.io.FileOutputStream(java.io.FileDescriptor.err))),
                true, java.nio.charset.StandardCharsets.UTF_8));
        int code = commandLine().execute(args);
        if (code == 0 && System.out.checkError()) {
            // a report nobody received is not a success (stdout closed, /dev/full): every command's output ends here;
            // a pipe whose reader left (| head) ends as a shell reports a process SIGPIPE stopped, without a message
            if (stdoutIsAPipe()) {
                code = 128 + 13;
            } else {
                System.err.println("fluxlab: the output could not be written (standard output is closed or full)");
                code = 1;
            }
        }
        System.exit(code);
    }

    private static boolean stdoutIsAPipe() {
        try {
            return java.nio.file.Files.readSymbolicLink(java.nio.file.Path.of("/proc/self/fd/1")).toString()
                    .startsWith("pipe:");
        } catch (java.io.IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    /** The configured command line; tests call this to run commands in-process. */
    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Main());
        cl.setExpandAtFiles(false); // '@FILE' is a path like any other, never a file of arguments (@/dev/zero never ends)
        OptionValues.install(cl); // the value rules of every option; bad input: one line, exit 2
        cl.setExecutionExceptionHandler(UnexpectedErrors::handle); // anything else: one line too, no stack trace
        versionEverywhere(cl);
        return cl;
    }

    /** Every sub-command's {@code -V} prints the version too (picocli gives it the option, not the provider). */
    private static void versionEverywhere(CommandLine c) {
        if (c.getCommandSpec().versionProvider() == null) {
            c.getCommandSpec().versionProvider(new Version());
        }
        c.getSubcommands().values().forEach(Main::versionEverywhere);
    }

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            // the commit a run records as fluxlab_version (a checkout's, with -dirty for local changes)
            return new String[]{"fluxlab " + dev.fluxlab.runner.EnvironmentProbe.fluxlabVersion() + " (Java "
                    + Runtime.version() + ")"};
        }
    }
}
