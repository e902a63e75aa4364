package dev.fluxlab.cli.serve;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code fluxlab serve <target>}: runs one system under test in this JVM until SIGTERM. The runner starts it as a
 * child process and waits for its readiness line (docs/contracts.md); people start it to poke at a target by hand.
 */
@Command(name = "serve",
        mixinStandardHelpOptions = true,
        description = "Runs a system under test until SIGTERM; prints one 'fluxlab-ready ...' line on stdout when "
                + "ready.",
        subcommands = {ServeReactorNettyCommand.class, ServeNettyCommand.class, ServeUndertowCommand.class,
                ServeFrontendCommand.class, ServeHttpClientLoaderCommand.class, ServeMockApiCommand.class,
                ServeFanOutCommand.class})
public final class ServeCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(),
                "missing target; try 'fluxlab serve reactor-netty --help'");
    }
}
