package dev.fluxlab.targets.reactor.serve;

import dev.fluxlab.targets.common.serve.ServeEntry;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The Reactor Netty family's own program: {@code java -cp <its classpath> dev.fluxlab.targets.reactor.serve.ReactorServe
 * <target> --knob=value...} starts one of its targets (the plain server, the proxy frontend, the fan-out service,
 * its mock API, the HttpClient loader) as {@code fluxlab serve <target>} does: the same command classes, options,
 * help, readiness line and exit codes. The runner launches targets this way; {@code fluxlab serve} lists these same
 * commands beside the other families'.
 *
 * <p>The same bytecode runs on every Reactor Netty line the lab offers: the runtime classpath picks the line
 * ({@code fluxlab-targets-reactor-1.2} assembles the Reactor Netty 1.2 / Netty 4.1 one).
 */
@Command(name = "serve",
        mixinStandardHelpOptions = true,
        description = "Runs a Reactor Netty system under test until SIGTERM; prints one 'fluxlab-ready ...' line on "
                + "stdout when ready.",
        subcommands = {ServeReactorNettyCommand.class, ServeFrontendCommand.class, ServeHttpClientLoaderCommand.class,
                ServeMockApiCommand.class, ServeFanOutCommand.class})
public final class ReactorServe implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        ServeEntry.main(new ReactorServe(), args);
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing target; one of "
                + String.join(", ", spec.subcommands().keySet()));
    }
}
