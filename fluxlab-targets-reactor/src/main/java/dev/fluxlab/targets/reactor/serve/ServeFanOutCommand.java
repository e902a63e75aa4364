package dev.fluxlab.targets.reactor.serve;

import dev.fluxlab.options.TransportValue;
import dev.fluxlab.options.BackendUrl;
import dev.fluxlab.options.OptionValues;
import dev.fluxlab.options.BindOptions;
import dev.fluxlab.targets.common.serve.ServeSupport;
import dev.fluxlab.model.LabAddresses;
import dev.fluxlab.model.transport.Transport;
import dev.fluxlab.targets.reactor.fanout.FanOutServer;
import dev.fluxlab.targets.reactor.fanout.Strategy;
import dev.fluxlab.targets.common.transport.TransportSupport;
import java.net.URI;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code fluxlab serve fan-out}: seed 003's fan-out service on plain Reactor Netty, in front of {@code mock-api}.
 * Exit codes as every {@code serve} command ({@link ServeSupport}).
 */
@Command(name = "fan-out",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Fan-out service of seed 003: GET /fanout (or /fanout/<strategy>) fetches --components components from "
                    + "--backend-url with Reactor Netty's HttpClient, handles each (--work-us of CPU) and answers "
                    + "one JSON.",
            "Strategies: parallel (ParallelFlux on --rails rails, run on the parallel scheduler), parallel-n "
                    + "(the same with one rail per component), mono, subscribe-on."})
public final class ServeFanOutCommand implements Callable<Integer> {

    private static final String NAME = "fluxlab serve fan-out";

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    BindOptions bind;

    @Option(names = "--transport", defaultValue = "native", converter = TransportValue.class,
            paramLabel = "T", description = "native, io_uring, epoll, nio (default: ${DEFAULT-VALUE}).")
    Transport transport;

    @Option(names = "--workers", paramLabel = "N", description = "Event-loop workers (default: Reactor Netty's).")
    Integer workers;

    @Option(names = "--backend-url", required = true, paramLabel = "URL", converter = BackendUrl.class,
            description = "The mock API, e.g. http://127.0.0.1:8081 (loopback only).")
    URI backendUrl;

    @Option(names = "--components", defaultValue = "3", paramLabel = "N",
            description = "Components fetched per request (default: ${DEFAULT-VALUE}).")
    int components;

    @Option(names = "--strategy", defaultValue = "parallel", paramLabel = "S", converter = StrategyConverter.class,
            description = "parallel, parallel-n, mono, subscribe-on (default: ${DEFAULT-VALUE}).")
    Strategy strategy;

    static final class StrategyConverter extends OptionValues.Parsing<Strategy> {
        StrategyConverter() {
            super(Strategy::of);
        }
    }

    @Option(names = "--work-us", defaultValue = "0", paramLabel = "MICROS",
            description = "CPU work per component in microseconds (default: ${DEFAULT-VALUE}).")
    long workUs;

    @Option(names = "--client-connections", defaultValue = "1024", paramLabel = "N",
            description = "Max connections of the HttpClient pool; pending acquires are unbounded "
                    + "(default: ${DEFAULT-VALUE}).")
    int clientConnections;

    @Option(names = "--backend-delay", paramLabel = "DURATION",
            description = "The mock API's delay, announced as wait-ms for the theory column (floor and ceiling).")
    java.time.Duration backendDelay;

    @Option(names = "--rails", paramLabel = "N",
            description = "Rails of the parallel strategy (default: 2 x cores, as the seed wrote); with fewer "
                    + "components than rails the rest run empty.")
    Integer rails;

    @Option(names = "--request-cpu", defaultValue = "0", paramLabel = "DURATION",
            description = "CPU time per request (seed 003: about 5ms), spread over its components' handling; "
                    + "calibrated against this thread's CPU clock at start-up, reported in the readiness line "
                    + "(default: ${DEFAULT-VALUE}, none).")
    java.time.Duration requestCpu;

    private java.net.InetAddress resolve(String host) {
        try {
            return java.net.InetAddress.getByName(host);
        } catch (java.net.UnknownHostException e) {
            throw new IllegalArgumentException("--backend-url host '" + host + "' cannot be resolved; use "
                    + "http://127.0.0.1:<port>");
        }
    }

    @Override
    public Integer call() {
        FanOutServer.Config config;
        try {
            URI backend = backendUrl;
            if (!"http".equals(backend.getScheme()) || backend.getHost() == null) {
                throw new IllegalArgumentException("--backend-url '" + backendUrl + "' is not an http:// URL with a "
                        + "host (the mock API speaks HTTP/1.1 in clear text); use http://127.0.0.1:<port>");
            }
            if (!LabAddresses.permits(resolve(backend.getHost()))) {
                throw new IllegalArgumentException("--backend-url '" + backendUrl + "' is not a loopback URL; use "
                        + "http://127.0.0.1:<port>");
            }
            if (workers != null) {
                TransportSupport.checkLoops("--workers", workers);
            }
            config = new FanOutServer.Config(bind.host(), bind.port(), transport, workers, backend, components,
                    strategy, workUs, clientConnections,
                    backendDelay, rails == null ? FanOutServer.Config.DEFAULT_RAILS : rails, requestCpu);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        return ServeSupport.startAndServe(spec, NAME, bind, () -> FanOutServer.start(config),
                FanOutServer.Running::readinessLine, FanOutServer.Running::close);
    }
}
