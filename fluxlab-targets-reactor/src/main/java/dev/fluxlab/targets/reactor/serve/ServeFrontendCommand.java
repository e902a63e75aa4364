package dev.fluxlab.targets.reactor.serve;

import dev.fluxlab.options.TransportValue;
import dev.fluxlab.options.BackendUrl;
import dev.fluxlab.options.BindOptions;
import dev.fluxlab.targets.common.serve.ServeSupport;
import dev.fluxlab.targets.common.serve.LeakDetectionOption;
import dev.fluxlab.model.transport.Transport;
import dev.fluxlab.targets.common.http.ServerProtocol;
import dev.fluxlab.options.OptionValues;
import dev.fluxlab.targets.reactor.client.BackendProtocol;
import dev.fluxlab.targets.reactor.proxy.FrontendConfig;
import dev.fluxlab.targets.reactor.proxy.FrontendServer;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code fluxlab serve frontend --backend-url URL [knobs]}: the HTTP/2 proxy frontend of seeds 000/001. Exit codes:
 * 0 after SIGTERM, 2 for bad input (including a busy port), 1 when it cannot run.
 */
@Command(name = "frontend",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "HTTP/2 proxy frontend (seeds 000/001): GET /get, POST /post, POST /post2 forwarded to --backend-url "
                    + "with a Reactor Netty HttpClient over HTTP/2 (or HTTP/3: --backend-protocol h3); GET /stats "
                    + "gives per-event-loop counters.",
            "When ready prints:",
            "  fluxlab-ready port=<n> protocol=<p> transport=<t> workers=<n>",
            "      backend-protocol=<b> client-mode=<m> pools=<n> stats=/stats",
            "Stops cleanly on SIGTERM (exit 0) and prints the per-loop counters on stderr."})
public final class ServeFrontendCommand implements Callable<Integer> {

    private static final String NAME = "fluxlab serve frontend";

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    BindOptions bind;

    @Option(names = "--protocol", defaultValue = "h2", converter = ServeReactorNettyCommand.ProtocolConverter.class,
            paramLabel = "P", description = "Inbound protocol: h2 (TLS, ALPN h2 or http/1.1), h2c, http1.1, "
                    + "http1.1+h2c (default: ${DEFAULT-VALUE}).")
    ServerProtocol protocol;

    @Option(names = "--transport", defaultValue = "native", converter = TransportValue.class,
            paramLabel = "T", description = "native, io_uring, epoll or nio (default: ${DEFAULT-VALUE}).")
    Transport transport;

    @Option(names = "--workers", paramLabel = "N", description = "Frontend event loops (default: Reactor Netty's).")
    Integer workers;

    @Option(names = "--backend-url", required = true, paramLabel = "URL", converter = BackendUrl.class,
            description = "The backend: http://127.0.0.1:PORT (h2c) or https://127.0.0.1:PORT (h2 over TLS; the "
                    + "lab's self-signed certificate is trusted).")
    java.net.URI backendUrl;

    @Option(names = "--backend-protocol", converter = BackendProtocolConverter.class, paramLabel = "P",
            description = "The wire to the backend: h2 (HTTP/2 over TLS), h2c (cleartext, prior knowledge) or h3 "
                    + "(HTTP/3 over QUIC: an https:// --backend-url naming the UDP port of a backend serving "
                    + "--protocol h3; needs Netty's native QUIC library) (default: the --backend-url's scheme: "
                    + "https = h2, http = h2c).")
    BackendProtocol backendProtocol;

    static final class BackendProtocolConverter extends OptionValues.Parsing<BackendProtocol> {
        BackendProtocolConverter() {
            super(BackendProtocol::of);
        }
    }

    @CommandLine.Mixin
    ClientPoolOptions client;

    @Option(names = "--backend-timeout", defaultValue = "10s", paramLabel = "DURATION",
            description = "Response timeout of one backend exchange (default: ${DEFAULT-VALUE}).")
    Duration backendTimeout;

    @Option(names = "--consume-permission-body", arity = "0..1", defaultValue = "true", fallbackValue = "true",
            paramLabel = "BOOL", description = "false repeats the seeds' mistake: Post2 never reads the "
                    + "/checkPermission body (default: ${DEFAULT-VALUE}).")
    boolean consumePermissionBody;

    @CommandLine.Mixin
    LeakDetectionOption leakDetection;

    @Option(names = "--reactor-netty-version", paramLabel = "RELEASE",
            description = dev.fluxlab.targets.reactor.version.LibraryVersionOptions.LINE_1_3)
    String reactorNettyVersion;

    @CommandLine.Mixin
    dev.fluxlab.targets.reactor.version.LibraryVersionOptions versions;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        FrontendConfig config;
        try {
            versions.require(reactorNettyVersion);
            config = FrontendConfig.builder()
                    .host(bind.host()).port(bind.port()).protocol(protocol).transport(transport).workers(workers)
                    .backendUrl(backendUrl).backendProtocol(backendProtocol)
                    .clientMode(client.mode()).clientWorkers(client.clientWorkers()).pool(client.knobs())
                    .backendTimeout(backendTimeout)
                    .consumePermissionBody(consumePermissionBody).leakDetection(leakDetection.level())
                    .build();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        err.println(NAME + ": " + config);
        err.flush();
        return ServeSupport.startAndServe(spec, NAME, bind, () -> FrontendServer.start(config),
                FrontendServer.Running::readinessLine, running -> {
                    System.err.println(NAME + ": per-loop stats at shutdown: " + running.statsJson());
                    System.err.flush();
                    running.close();
                });
    }
}
