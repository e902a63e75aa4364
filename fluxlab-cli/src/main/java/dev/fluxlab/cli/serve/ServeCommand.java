package dev.fluxlab.cli.serve;

import dev.fluxlab.model.Refusal;
import dev.fluxlab.options.OptionValues;
import dev.fluxlab.runner.registry.TargetRegistry;
import dev.fluxlab.targets.other.serve.ServeNettyCommand;
import dev.fluxlab.targets.other.serve.ServeUndertowCommand;
import dev.fluxlab.targets.reactor.serve.ServeFanOutCommand;
import dev.fluxlab.targets.reactor.serve.ServeFrontendCommand;
import dev.fluxlab.targets.reactor.serve.ServeHttpClientLoaderCommand;
import dev.fluxlab.targets.reactor.serve.ServeMockApiCommand;
import dev.fluxlab.targets.reactor.serve.ServeReactorNettyCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.util.Set;
import java.util.TreeSet;

/**
 * {@code fluxlab serve <target>}: runs one system under test in this JVM until SIGTERM. The runner starts it as a
 * child process and waits for its readiness line (docs/contracts.md); people start it to poke at a target by hand.
 *
 * <p>The commands are the target families' own ({@code dev.fluxlab.targets.reactor.serve},
 * {@code dev.fluxlab.targets.other.serve}): this command lists and dispatches to them, and each family's program
 * ({@code ReactorServe}, {@code OtherServe}) runs the very same classes when the runner starts a target.
 *
 * <p>Only the targets on fluxlab's own classpath are served here. The others that {@code fluxlab list} shows (the
 * Spring targets) run from a classpath of their own, which a suite run builds their command line from; naming one
 * here says so in one line instead of picocli's "Unmatched argument".
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

    /**
     * A word that is none of the sub-commands: a target only a suite run starts, or a misspelt one. What follows it
     * (its knobs) is left unread ({@link RestOfLine}): the target is the problem to name, not an option picocli does
     * not know.
     */
    @CommandLine.Parameters(index = "0", arity = "0..1", hidden = true, paramLabel = "TARGET",
            preprocessor = RestOfLine.class)
    String target;

    /**
     * Takes the word and drops the rest of the command line. On the parent command only: an {@code @Unmatched} here
     * would let every sub-command run with an option it does not know.
     */
    static final class RestOfLine implements CommandLine.IParameterPreprocessor {
        @Override
        public boolean preprocess(java.util.Stack<String> args, CommandLine.Model.CommandSpec command,
                                  CommandLine.Model.ArgSpec arg, java.util.Map<String, Object> info) {
            arg.setValue(args.pop());
            args.clear();
            return true;
        }
    }

    @Override
    public void run() {
        if (target == null) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "missing target; try 'fluxlab serve reactor-netty --help'");
        }
        Set<String> served = served(spec);
        String message = TargetRegistry.builtIn().target(target).isPresent()
                ? "'" + target + "' runs from a classpath of its own, so only a suite run starts it: name it "
                        + "under 'targets:' in a suite and run 'fluxlab run SUITE' (fluxlab list shows the shipped "
                        + "suites); 'fluxlab serve' starts " + String.join(", ", served)
                : Refusal.unknown("target", target, served, "fluxlab list shows every target");
        CommandLine.Model.ArgSpec arg = spec.positionalParameters().get(0);
        throw new CommandLine.ParameterException(spec.commandLine(), message, new OptionValues.Refused(message), arg,
                target);
    }

    /** The targets {@code fluxlab serve} starts itself: its sub-commands, in name order. */
    public static Set<String> served(CommandLine.Model.CommandSpec serve) {
        return new TreeSet<>(serve.subcommands().keySet());
    }
}
