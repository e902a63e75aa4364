package dev.fluxlab.targets.common.serve;

import dev.fluxlab.model.ParentWatch;
import dev.fluxlab.options.OptionValues;
import picocli.CommandLine;

/**
 * How a target family's own program starts: the {@code main} of each family's {@code serve} command (the reactor
 * family's, the raw Netty and Undertow one's), which the runner launches as
 * {@code java -cp <the family's classpath> <its main> <target> --knob=value...}. It reads the command line as
 * {@code fluxlab serve} does (the same value rules and one-line refusals, {@link OptionValues#install}), names
 * itself {@code fluxlab serve} in every message, dies with the runner that started it, and exits with the command's
 * code ({@link ServeSupport}: 0 after SIGTERM, 2 for bad input, 1 when the target cannot start).
 */
public final class ServeEntry {

    /** The name every target's messages carry, whichever program serves it: {@code fluxlab serve <target>: ...}. */
    public static final String NAME = "fluxlab serve";

    private ServeEntry() {
    }

    /** The family's command line, configured as {@code fluxlab serve}'s: tests parse and run it in-process. */
    public static CommandLine commandLine(Object family) {
        CommandLine cl = new CommandLine(family).setCommandName(NAME);
        cl.setExpandAtFiles(false); // '@FILE' is a value like any other, as on the fluxlab command
        return OptionValues.install(cl);
    }

    /** Runs {@code args} on the family's command and exits the JVM with its code. */
    public static void main(Object family, String[] args) {
        ParentWatch.startFromEnvironment(); // started by a runner: die with it
        System.exit(commandLine(family).execute(args));
    }
}
