package dev.fluxlab.cli.serve;

import dev.fluxlab.cli.OptionValues;
import dev.fluxlab.model.ParentWatch;
import picocli.CommandLine;

/**
 * {@code fluxlab serve reactor-netty} as a program of its own, for the Reactor Netty 1.2 classpath, which carries
 * none of the CLI's other commands: the same command class, options, readiness line and exit codes.
 */
public final class ServeReactorNettyMain {

    private ServeReactorNettyMain() {
    }

    public static void main(String[] args) {
        ParentWatch.startFromEnvironment(); // started by a runner: die with it
        CommandLine cl = new CommandLine(new ServeReactorNettyCommand()).setCommandName("fluxlab serve reactor-netty");
        OptionValues.install(cl);
        System.exit(cl.execute(args));
    }
}
