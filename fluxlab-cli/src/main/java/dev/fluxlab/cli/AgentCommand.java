package dev.fluxlab.cli;

import dev.fluxlab.runner.agent.Agent;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.time.Duration;
import java.util.concurrent.Callable;

/**
 * {@code fluxlab agent} (hidden): the observation agent the runner starts on each suite host over ssh
 * ({@link Agent}). Not meant to be run by hand: it reads commands on standard input and exits at its end, so
 * {@code fluxlab --help} leaves it out, as it does the runner's other child, {@code load-session}.
 */
@Command(name = "agent", hidden = true, mixinStandardHelpOptions = true,
        description = "Observation agent on a suite host (started by 'fluxlab run' over ssh): samples /proc of the "
                + "processes it is told to watch and of the whole machine, one line per figure on stdout; reads "
                + "'watch PID', 'unwatch PID', 'sample' on stdin and exits when stdin ends.")
public final class AgentCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--period-ms", defaultValue = "1000", paramLabel = "MS",
            description = "Sampling period in milliseconds (default: ${DEFAULT-VALUE}).")
    int periodMs;

    @Override
    public Integer call() throws Exception {
        if (periodMs < 100) {
            throw new ParameterException(spec.commandLine(), "--period-ms must be at least 100, was " + periodMs);
        }
        return Agent.run(System.in, System.out, Duration.ofMillis(periodMs));
    }
}
