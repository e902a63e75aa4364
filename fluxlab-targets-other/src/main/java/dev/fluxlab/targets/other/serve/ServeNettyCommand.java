package dev.fluxlab.targets.other.serve;

import dev.fluxlab.options.TransportValue;
import dev.fluxlab.options.OptionValues;
import dev.fluxlab.options.BindOptions;
import dev.fluxlab.targets.common.serve.ServeSupport;
import dev.fluxlab.model.transport.Transport;
import dev.fluxlab.targets.common.http.ServerProtocol;
import dev.fluxlab.targets.other.netty.NettyServer;
import dev.fluxlab.targets.other.netty.NettyServerConfig;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code fluxlab serve netty [knobs]}: the raw Netty target, the ceiling of the framework comparison. Exit codes as
 * every {@code serve} command ({@link ServeSupport}): 0 after SIGTERM, 2 for bad input or a busy port, 1 when it cannot run.
 */
@Command(name = "netty",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Raw Netty HTTP server (no framework): GET /plaintext, /json, /hello/{name}, /users/{user}/orders/{order}. "
                    + "Binds loopback only.",
            "When ready prints one line on stdout:",
            "  fluxlab-ready port=<n> protocol=<p> transport=<actually in use> workers=<n>",
            "With h3 the port is a UDP port, and h3-max-data=, h3-max-stream-data=, h3-max-streams=, "
                    + "h3-idle-timeout-ms= give the QUIC settings it serves with.",
            "Stops cleanly on SIGTERM (exit 0)."})
public final class ServeNettyCommand implements Callable<Integer> {

    private static final String NAME = "fluxlab serve netty";

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    BindOptions bind;

    @Option(names = "--protocol", defaultValue = "http1.1", paramLabel = "P", converter = ProtocolName.class,
            description = "http1.1, h2c (prior knowledge), http1.1+h2c, h2 (TLS + ALPN with http/1.1 fallback, "
                    + "self-signed certificate made at start-up), h3 (HTTP/3 on a UDP port: QUIC, the same kind of "
                    + "certificate, ALPN h3; needs Netty's native QUIC library) (default: ${DEFAULT-VALUE}).")
    ServerProtocol protocol;

    @Option(names = "--transport", defaultValue = "native", paramLabel = "T",
            converter = TransportValue.class,
            description = "native (io_uring, then epoll, then nio), io_uring, epoll, nio (default: ${DEFAULT-VALUE}).")
    Transport transport;

    /** A protocol's name. */
    static final class ProtocolName extends OptionValues.Parsing<ServerProtocol> {
        ProtocolName() {
            super(ServerProtocol::of);
        }
    }

    @Option(names = "--workers", paramLabel = "N", description = "Event loops (default: 2 x cores, Netty's default).")
    Integer workers;

    @Option(names = "--backlog", paramLabel = "N", description = "SO_BACKLOG (default: Netty's, from somaxconn).")
    Integer backlog;

    @Option(names = "--tcp-nodelay", arity = "0..1", defaultValue = "true", fallbackValue = "true", paramLabel = "BOOL",
            description = "TCP_NODELAY (default: ${DEFAULT-VALUE}).")
    boolean tcpNoDelay;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        NettyServerConfig config;
        try {
            config = NettyServerConfig.builder().host(bind.host()).port(bind.port()).protocol(protocol)
                    .transport(transport).workers(workers).backlog(backlog).tcpNoDelay(tcpNoDelay).build();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        err.println(NAME + ": raw Netty server, protocol=" + config.protocol().label() + " transport="
                + config.transport().label() + " workers=" + config.workers() + " host=" + config.host()
                + " port=" + config.port() + " tcp-nodelay=" + config.tcpNoDelay()
                + (config.backlog() == null ? "" : " backlog=" + config.backlog()));
        err.flush();
        return ServeSupport.startAndServe(spec, NAME, bind, () -> NettyServer.start(config),
                NettyServer.Running::readinessLine, NettyServer.Running::close);
    }
}
