package dev.fluxlab.targets.reactor.serve;

import dev.fluxlab.options.BackendUrl;
import dev.fluxlab.options.OptionValues;
import dev.fluxlab.options.LoadValues;
import dev.fluxlab.targets.common.serve.ServeSupport;
import dev.fluxlab.model.Durations;
import dev.fluxlab.model.Json;
import dev.fluxlab.model.Readiness;
import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.warmup.WarmupPolicy;
import dev.fluxlab.targets.common.quic.QuicSupport;
import dev.fluxlab.targets.common.quic.QuicUnavailableException;
import dev.fluxlab.targets.reactor.client.BackendProtocol;
import dev.fluxlab.targets.reactor.client.BackendWire;
import dev.fluxlab.targets.reactor.loader.HttpClientLoader;
import dev.fluxlab.targets.reactor.loader.LoaderConfig;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code fluxlab serve httpclient-loader}: the seeds' ClientApp, a client-side system under test. It loads the backend
 * itself and writes a {@code fluxlab.load/1} document, so the runner starts no injector for it (the registry marks it
 * {@code self_loading}). Prints its readiness line when it starts loading, machine progress lines once a second, and
 * exits 0 when done (2 for bad input, 1 when it cannot run or when no request succeeded).
 */
@Command(name = "httpclient-loader",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Reactor Netty HttpClient load driver over HTTP/2 or HTTP/3 (the seeds' ClientApp): connections x in-flight "
                    + "requests in flight, warm-up, then a measured phase; writes a fluxlab.load/1 document (--json) "
                    + "and exits, non-zero when no request succeeded."})
public final class ServeHttpClientLoaderCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--backend-url", required = true, paramLabel = "URL", converter = BackendUrl.class,
            description = "https://127.0.0.1:PORT (h2, the lab's certificate trusted; with --backend-protocol h3 the "
                    + "UDP port of a backend serving --protocol h3) or http://127.0.0.1:PORT (h2c).")
    URI backendUrl;

    @Option(names = "--backend-protocol", converter = ServeFrontendCommand.BackendProtocolConverter.class,
            paramLabel = "P", description = "The wire to the backend, as the frontend's: h2 (HTTP/2 over TLS), h2c "
                    + "(cleartext, prior knowledge) or h3 (HTTP/3 over QUIC: an https:// --backend-url; needs Netty's "
                    + "native QUIC library; the loader's loops then run on epoll where native means io_uring) "
                    + "(default: the --backend-url's scheme: https = h2, http = h2c).")
    BackendProtocol backendProtocol;

    @Option(names = "--scenario", paramLabel = "S", converter = Scenario.class,
            description = "Shorthand: get (GET /get) or post (POST /post with a 1 KiB JSON body); --method/--path/"
                    + "--body-* override it.")
    String scenario;

    @Option(names = "--method", paramLabel = "M", converter = LoadValues.Method.class, description = "GET or POST (default: the --scenario's, else GET).")
    String method;
    @Option(names = "--path", paramLabel = "PATH", description = "Request path on the backend, e.g. /get (default: "
            + "the --scenario's, else /).")
    String path;
    @Option(names = "--body-file", paramLabel = "FILE", description = "Request body read from FILE (POST).")
    Path bodyFile;
    @Option(names = "--body-size", paramLabel = "BYTES", description = "Request body of a JSON document of this many "
            + "bytes (POST; default: the --scenario's, 1 KiB for post).")
    Integer bodySize;
    @Option(names = "--content-type", defaultValue = "application/json", paramLabel = "TYPE",
            description = "Content-Type of the request body (default: ${DEFAULT-VALUE}).")
    String contentType;

    @Option(names = "--connections", defaultValue = "1", description = "HTTP/2 (or QUIC) connections (default: ${DEFAULT-VALUE}).")
    int connections;

    @Option(names = "--in-flight", defaultValue = "50",
            description = "Streams in flight per connection (default: ${DEFAULT-VALUE}).")
    int inFlight;

    @Option(names = "--workers", description = "Client event loops (default: cores).")
    Integer workers;

    @CommandLine.Mixin
    ClientPoolOptions client;

    @Option(names = "--warmup", defaultValue = WarmupPolicy.AUTO, converter = LoadValues.Warmup.class, description = "Unrecorded warm-up: a duration, 0, or "
            + "auto (until throughput has settled and this JVM has stopped compiling), as fluxlab load "
            + "(default: ${DEFAULT-VALUE}).")
    String warmup;

    @Option(names = "--warmup-max", defaultValue = WarmupPolicy.DEFAULT_MAX_TEXT,
            description = "Bound of --warmup auto (default: ${DEFAULT-VALUE}).")
    Duration warmupMax;

    @Option(names = "--warmup-min", defaultValue = WarmupPolicy.DEFAULT_MIN_TEXT,
            description = "Least length of --warmup auto (default: ${DEFAULT-VALUE}).")
    Duration warmupMin;

    @Option(names = "--duration", defaultValue = "10s", converter = OptionValues.PositiveDuration.class, description = "Measured phase (default: ${DEFAULT-VALUE}).")
    Duration duration;

    @Option(names = "--timeout", defaultValue = "10s", paramLabel = "DURATION",
            description = "A request without its response after this long is an error (default: ${DEFAULT-VALUE}).")
    Duration timeout;
    @Option(names = "--expect-status", defaultValue = "200", paramLabel = "CODE",
            description = "A response with another status is an error (default: ${DEFAULT-VALUE}).")
    int expectStatus;
    @Option(names = "--expect-body", paramLabel = "TEXT",
            description = "A response whose body is not exactly TEXT is an error (default: not checked).")
    String expectBody;

    @Option(names = "--json", paramLabel = "FILE", description = "Where to write the fluxlab.load/1 document.")
    Path json;

    @Option(names = "--progress", defaultValue = "human", converter = LoadValues.Progress.class, description = "human (stderr), machine (stdout), none.")
    String progress;

    @Option(names = "--reactor-netty-version", paramLabel = "RELEASE",
            description = dev.fluxlab.targets.reactor.version.LibraryVersionOptions.LINE_1_3)
    String reactorNettyVersion;

    @CommandLine.Mixin
    dev.fluxlab.targets.reactor.version.LibraryVersionOptions versions;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        LoaderConfig config;
        try {
            versions.require(reactorNettyVersion);
            String m = method;
            String p = path;
            byte[] body = null;
            if (scenario != null) {
                switch (scenario) {
                    case "get" -> { m = m == null ? "GET" : m; p = p == null ? "/get" : p; }
                    case "post" -> { m = m == null ? "POST" : m; p = p == null ? "/post" : p;
                        bodySize = bodySize == null && bodyFile == null ? 1024 : bodySize; }
                    default -> throw new IllegalStateException("--scenario " + scenario); // Scenario lists them
                }
            }
            if (bodyFile != null) {
                body = Files.readAllBytes(bodyFile);
            } else if (bodySize != null) {
                body = jsonOfSize(bodySize);
            }
            WarmupPolicy w = warmup.equals(WarmupPolicy.AUTO) ? WarmupPolicy.auto(warmupMin, warmupMax)
                    : WarmupPolicy.fixed(Durations.parse(warmup));
            config = new LoaderConfig(backendUrl, m, p, body, contentType, connections, inFlight,
                    workers == null ? Runtime.getRuntime().availableProcessors() : workers, w,
                    duration, timeout, expectStatus, expectBody,
                    client.mode(), client.clientWorkers(), client.knobs(), backendProtocol);
        } catch (IllegalArgumentException | IOException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        if (config.backendProtocol().quic()) {
            try {
                // before the readiness line: one line on a machine without QUIC, and nothing started
                BackendWire.requireQuic(QuicSupport.problem());
            } catch (QuicUnavailableException e) {
                err.println("fluxlab serve httpclient-loader: " + e.getMessage());
                err.flush();
                return 1;
            }
        }
        Map<String, Object> ready = new LinkedHashMap<>();
        ready.put(Readiness.PORT, 0);
        ready.put(Readiness.PROTOCOL, config.protocol());
        // the transport the loader's loops resolve to here (native: io_uring, then epoll, then nio; epoll for h3 where
        // native means io_uring: LoaderConfig#transport), as every target says
        ready.put(Readiness.TRANSPORT, dev.fluxlab.targets.common.transport.TransportSupport
                .resolve(config.transport()).label());
        ready.put(Readiness.SELF_LOADING, true);
        ready.putAll(dev.fluxlab.targets.reactor.version.LoadedVersions.readinessAttributes());
        out.println(Readiness.line(ready));
        out.flush();
        LoadResult result;
        HttpClientLoader loader = new HttpClientLoader(config, line -> {
            switch (progress) {
                case "machine" -> { out.println(line); out.flush(); }
                case "human" -> { err.println(line); err.flush(); }
                default -> { }
            }
        });
        try {
            result = loader.run();
        } catch (RuntimeException e) {
            err.println("fluxlab serve httpclient-loader: cannot run: " + e);
            err.flush();
            return 1;
        }
        if (json != null) {
            Json.writeAtomically(json, result);
        }
        if (result.requestsOk() == 0) {
            // nothing succeeded, so nothing was measured: the document is kept, the run failed
            err.println("fluxlab serve httpclient-loader: no request succeeded (errors " + result.errors()
                    + "); check that the backend at " + backendUrl + " is up and speaks " + config.protocol());
            err.flush();
            return 1;
        }
        err.printf("fluxlab serve httpclient-loader: %d ok in %.1f s = %.0f req/s, errors %s, p99 %.2f ms%n",
                result.requestsOk(), result.durationS(), result.throughputRps(), result.errors(),
                result.latencyMs().corrected().p99());
        err.println("fluxlab serve httpclient-loader: client-mode " + config.clientMode() + ", per-loop stats and pool "
                + "metrics at the end of the measured phase: " + loader.loopStats());
        err.flush();
        return 0;
    }

    /** A compact JSON object of exactly {@code size} bytes (at least 12). */
    static byte[] jsonOfSize(int size) {
        String head = "{\"data\":\"";
        String tail = "\"}";
        int fill = Math.max(1, size - head.length() - tail.length());
        char[] c = new char[fill];
        Arrays.fill(c, 'x');
        return (head + new String(c) + tail).getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    /** {@code --scenario}: the shorthands of a method, a path and a body. */
    static final class Scenario extends OptionValues.Choice {
        Scenario() {
            super("scenario", "get", "post");
        }
    }
}
