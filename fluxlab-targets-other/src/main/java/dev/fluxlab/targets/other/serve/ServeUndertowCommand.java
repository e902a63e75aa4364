package dev.fluxlab.targets.other.serve;

import dev.fluxlab.options.OptionValues;
import dev.fluxlab.options.BindOptions;
import dev.fluxlab.targets.common.serve.ServeSupport;
import dev.fluxlab.model.Labelled;
import dev.fluxlab.targets.common.http.ServerProtocol;
import dev.fluxlab.targets.common.undertow.UndertowListener;
import dev.fluxlab.targets.other.undertow.UndertowServer;
import dev.fluxlab.targets.other.undertow.UndertowServerConfig;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

/**
 * {@code fluxlab serve undertow [knobs]}: plain undertow-core with light-4j's settings, the non-reactive baseline of
 * seed 004. Exit codes as every {@code serve} command
 * ({@link ServeSupport}): 0 after SIGTERM, 2 for bad input or a busy port, 1 when it cannot run.
 */
@Command(name = "undertow",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Plain Undertow (undertow-core) server with light-4j's settings: GET /plaintext, /json, /hello/{name}, "
                    + "/users/{user}/orders/{order} through Undertow's RoutingHandler. Binds loopback only.",
            "When ready prints:",
            "  fluxlab-ready port=<n> protocol=<p> transport=nio workers=<io threads>",
            "      io-threads=<n> worker-threads=<n>",
            "Stops cleanly on SIGTERM (exit 0)."})
public final class ServeUndertowCommand implements Callable<Integer> {

    private static final String NAME = "fluxlab serve undertow";

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    BindOptions bind;

    @Option(names = "--protocol", defaultValue = "http1.1", paramLabel = "P", converter = Protocol.class,
            description = "http1.1; h2c or http1.1+h2c: Undertow's HTTP/2 enabled (h2c by prior knowledge or upgrade, "
                    + "next to HTTP/1.1 on the same port), announced as given (default: ${DEFAULT-VALUE}).")
    ServerProtocol protocol;

    /** A cleartext protocol's exact name only, as this command always took them (it announces the name as given). */
    static final class Protocol extends OptionValues.Parsing<ServerProtocol> {
        Protocol() {
            super(value -> ServerProtocol.cleartext().stream().filter(p -> p.label().equals(value)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException(
                            Labelled.refusal("protocol", value, ServerProtocol.cleartext()))));
        }
    }

    // light-4j's defaults, from UndertowListener (the sizes the target starts with when an option is left out)
    @Option(names = "--io-threads", paramLabel = "N", description = "XNIO IO threads (default: "
            + UndertowListener.IO_THREADS_PER_CORE + " x cores, light-4j's).")
    Integer ioThreads;

    @Option(names = "--worker-threads", paramLabel = "N", description = "Worker threads (default: "
            + UndertowListener.DEFAULT_WORKER_THREADS + ", light-4j's).")
    Integer workerThreads;

    @Option(names = "--backlog", paramLabel = "N", description = "Accept backlog (default: "
            + UndertowListener.DEFAULT_BACKLOG + ", light-4j's).")
    Integer backlog;

    @Option(names = "--buffer-size", paramLabel = "BYTES", description = "Buffer size (default: "
            + UndertowListener.DEFAULT_BUFFER_SIZE + ", light-4j's).")
    Integer bufferSize;

    @Option(names = "--tcp-nodelay", arity = "0..1", defaultValue = "true", fallbackValue = "true", paramLabel = "BOOL",
            description = "TCP_NODELAY (default: ${DEFAULT-VALUE}).")
    boolean tcpNoDelay;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        UndertowServerConfig config;
        try {
            config = UndertowServerConfig.builder().host(bind.host()).port(bind.port()).ioThreads(ioThreads)
                    .workerThreads(workerThreads).backlog(backlog).bufferSize(bufferSize).tcpNoDelay(tcpNoDelay)
                    .protocol(protocol).build();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        err.println(NAME + ": plain Undertow server, protocol=" + protocol + " io-threads=" + config.ioThreads()
                + " worker-threads=" + config.workerThreads() + " backlog=" + config.backlog() + " buffer-size="
                + config.bufferSize() + " host=" + config.host() + " port=" + config.port());
        err.flush();
        return ServeSupport.startAndServe(spec, NAME, bind, () -> UndertowServer.start(config),
                UndertowServer.Running::readinessLine, UndertowServer.Running::close);
    }
}
