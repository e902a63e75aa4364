package dev.fluxlab.targets.reactor.serve;

import dev.fluxlab.options.TransportValue;
import dev.fluxlab.options.BindOptions;
import dev.fluxlab.targets.common.serve.ServeSupport;
import dev.fluxlab.model.transport.Transport;
import dev.fluxlab.targets.reactor.fanout.MockApiServer;
import dev.fluxlab.targets.common.transport.TransportSupport;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code fluxlab serve mock-api}: seed 003's mock API, {@code GET /component/<id>} after a delay without holding a
 * thread. Exit codes as every {@code serve} command ({@link ServeSupport}): 0 after SIGTERM, 2 for bad input or a busy
 * port, 1 when it cannot run.
 */
@Command(name = "mock-api",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Mock API of seed 003: GET /component/<id> answers a small JSON document after --delay (Mono.delay, no "
                    + "thread held).",
            "When ready prints:",
            "  fluxlab-ready port=<n> protocol=http1.1 transport=<t> workers=<n> delay-ms=<d>"})
public final class ServeMockApiCommand implements Callable<Integer> {

    private static final String NAME = "fluxlab serve mock-api";

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    BindOptions bind;

    @Option(names = "--transport", defaultValue = "native", converter = TransportValue.class,
            paramLabel = "T", description = "native, io_uring, epoll, nio (default: ${DEFAULT-VALUE}).")
    Transport transport;

    @Option(names = "--workers", paramLabel = "N", description = "Event-loop workers (default: Reactor Netty's).")
    Integer workers;

    @Option(names = "--delay", defaultValue = "50ms", paramLabel = "DURATION",
            description = "How long each answer waits (default: ${DEFAULT-VALUE}).")
    Duration delay;

    @Override
    public Integer call() {
        Duration d = delay;
        try {
            if (workers != null) {
                TransportSupport.checkLoops("--workers", workers);
            }
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        return ServeSupport.startAndServe(spec, NAME, bind,
                () -> MockApiServer.start(bind.host(), bind.port(), transport, workers, d),
                MockApiServer.Running::readinessLine, MockApiServer.Running::close);
    }
}
