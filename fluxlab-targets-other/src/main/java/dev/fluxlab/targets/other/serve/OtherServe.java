package dev.fluxlab.targets.other.serve;

import dev.fluxlab.targets.common.serve.ServeEntry;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The raw Netty and plain Undertow family's own program: {@code java -cp <its classpath>
 * dev.fluxlab.targets.other.serve.OtherServe <target> --knob=value...} starts {@code netty} or {@code undertow} as
 * {@code fluxlab serve <target>} does: the same command classes, options, help, readiness line and exit codes. The
 * runner launches these targets this way; {@code fluxlab serve} lists these same commands beside the other families'.
 */
@Command(name = "serve",
        mixinStandardHelpOptions = true,
        description = "Runs a raw Netty or Undertow system under test until SIGTERM; prints one 'fluxlab-ready ...' "
                + "line on stdout when ready.",
        subcommands = {ServeNettyCommand.class, ServeUndertowCommand.class})
public final class OtherServe implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        ServeEntry.main(new OtherServe(), args);
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing target; one of "
                + String.join(", ", spec.subcommands().keySet()));
    }
}
