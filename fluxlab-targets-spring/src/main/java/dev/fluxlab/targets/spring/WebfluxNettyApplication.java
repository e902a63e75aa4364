package dev.fluxlab.targets.spring;

import dev.fluxlab.model.Readiness;
import dev.fluxlab.targets.reactor.stress.StressConfig;
import dev.fluxlab.targets.reactor.stress.StressRoutes;
import dev.fluxlab.targets.reactor.transport.Transport;
import dev.fluxlab.targets.reactor.transport.TransportLoops;
import dev.fluxlab.targets.reactor.transport.TransportSupport;
import dev.fluxlab.targets.reactor.transport.TransportUnavailableException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.scheduling.annotation.EnableAsync;
import reactor.core.scheduler.Schedulers;

/**
 * The {@code webflux-netty} target: a Spring Boot WebFlux application on Reactor Netty serving seed 002's stress
 * endpoints ({@link StressController}). Started by the runner as a child JVM from its own classpath
 * ({@code fluxlab-targets-spring/target/lib}), so Spring never sits on the CLI's classpath.
 *
 * <p>Like every target it binds loopback (port 0 = any free port), prints one readiness line when it serves
 * ({@code fluxlab-ready port=.. protocol=http1.1 transport=<in use> workers=.. ...}) and exits 0 on SIGTERM. Exit
 * codes: 2 for bad input (unknown option, bad value, busy port), 1 when it cannot run (e.g. an explicit transport
 * unavailable here).
 */
@SpringBootApplication(proxyBeanMethods = false)
@EnableAsync
public class WebfluxNettyApplication {

    static final String NAME = "fluxlab webflux-netty";

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs until SIGTERM; the exit code. */
    static int run(String[] args) {
        Started started;
        try {
            started = start(WebfluxOptions.parse(args));
        } catch (IllegalArgumentException e) {
            System.err.println(NAME + ": " + e.getMessage());
            return 2;
        } catch (StartFailure e) {
            System.err.println(NAME + ": " + e.getMessage());
            return e.exitCode;
        }
        exitZeroOnSigterm();
        System.out.println(started.readinessLine());
        System.out.flush();
        started.bound().server().onDispose().block();
        return 0;
    }

    /**
     * Starts the application with {@code options}.
     *
     * @throws IllegalArgumentException for a knob that cannot apply (e.g. TCP fast open on NIO)
     * @throws StartFailure             when the server cannot start (busy port: exit 2; otherwise exit 1)
     */
    public static Started start(WebfluxOptions options) {
        Transport expected;
        try {
            expected = TransportSupport.resolve(options.transport());
        } catch (TransportUnavailableException e) {
            throw new StartFailure(e.getMessage(), 1, e);
        }
        if (options.tcpFastOpen() != null && expected == Transport.NIO) {
            throw new IllegalArgumentException("--tcp-fastopen needs the epoll or io_uring transport: Java's NIO "
                    + "sockets have no TCP_FASTOPEN option (transport here: nio)");
        }
        int workers = options.workers() == null ? TransportLoops.DEFAULT_WORKERS : options.workers();
        int select = options.selectCount() == null ? TransportLoops.DEFAULT_SELECT_COUNT : options.selectCount();
        TransportLoops loops = TransportLoops.create(options.transport(), "fluxlab-webflux", select, workers);
        BoundServer bound = new BoundServer();

        SpringApplication app = new SpringApplication(WebfluxNettyApplication.class);
        app.setWebApplicationType(WebApplicationType.REACTIVE);
        app.setBannerMode(org.springframework.boot.Banner.Mode.OFF);
        app.setLogStartupInfo(false);
        app.setRegisterShutdownHook(true);
        Map<String, Object> props = new LinkedHashMap<>();
        props.put("server.address", options.host());
        props.put("server.port", options.port());
        props.put("spring.threads.virtual.enabled", options.virtualThreads());
        // keep Boot's applicationTaskExecutor although the app defines its own executors: with virtual threads it
        // is the executor WebFlux runs blocking (non-reactive) handler methods on
        props.put("spring.task.execution.mode", "force");
        props.put("spring.main.lazy-initialization", false);
        props.put("spring.jmx.enabled", false);
        props.put("logging.level.root", "WARN");
        // a failed start is reported in one line by this class (busy port, unavailable transport...)
        props.put("logging.level.org.springframework.boot.SpringApplication", "OFF");
        props.put("logging.level.org.springframework.boot.diagnostics", "OFF");
        app.setDefaultProperties(props);
        app.addInitializers(ctx -> {
            ctx.getBeanFactory().registerSingleton("webfluxOptions", options);
            ctx.getBeanFactory().registerSingleton("transportLoops", loops);
            ctx.getBeanFactory().registerSingleton("boundServer", bound);
        });
        ConfigurableApplicationContext context;
        try {
            context = app.run();
        } catch (RuntimeException e) {
            loops.loops().disposeLater(Duration.ZERO, Duration.ofSeconds(5)).block(Duration.ofSeconds(10));
            throw StartFailure.of(e, options.port());
        }
        // doOnBound runs on the server's event loop and may lag bindNow() by a moment
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (bound.server() == null && System.nanoTime() < deadline) {
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        if (bound.server() == null) {
            context.close();
            throw new StartFailure("the web server did not bind (no Reactor Netty server seen)", 1, null);
        }
        String actual = TransportSupport.actual(bound.server().channel());
        if (options.transport().isConcrete() && !actual.equals(options.transport().label())) {
            context.close();
            throw new StartFailure("transport " + options.transport().label() + " was asked for but the server runs "
                    + actual, 1, null);
        }
        Started started = new Started(context, options, bound, actual, loops.workerCount());
        prime(started);
        return started;
    }

    /**
     * One request through the whole stack before the readiness line: Spring initializes parts of its request path on
     * the first request (handler mappings, codecs, the async proxies), which on a busy 2-core machine took seconds
     * and would otherwise land in the injector's first measured seconds. One non-blocking request, one sleep-free
     * path; the JIT warm-up is still the injector's warm-up phase.
     */
    private static void prime(Started started) {
        try {
            java.net.http.HttpClient client = java.net.http.HttpClient.newBuilder()
                    .version(java.net.http.HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10)).build();
            String host = started.options().host().contains(":") ? "[" + started.options().host() + "]"
                    : started.options().host();
            client.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://" + host + ":"
                            + started.port() + "/stress-benchmark-04")).timeout(Duration.ofSeconds(30)).build(),
                    java.net.http.HttpResponse.BodyHandlers.discarding());
        } catch (java.io.IOException e) {
            System.err.println(NAME + ": warning: the priming request failed: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** JVM exit code 0 after SIGTERM: the handler exits, Boot's shutdown hook closes the context. */
    @SuppressWarnings("removal")
    private static void exitZeroOnSigterm() {
        try {
            sun.misc.Signal.handle(new sun.misc.Signal("TERM"), signal -> System.exit(0));
        } catch (IllegalArgumentException | UnsupportedOperationException | LinkageError e) {
            // no signal support: the shutdown hook still closes the context
        }
    }

    /**
     * A running application.
     *
     * @param context   the Spring context (closing it stops the server and the event loops)
     * @param options   the knobs
     * @param bound     the Reactor Netty server Spring bound
     * @param transport the transport in use, read from the server channel
     * @param workers   event-loop worker threads
     */
    public record Started(ConfigurableApplicationContext context, WebfluxOptions options, BoundServer bound,
                          String transport, int workers) implements AutoCloseable {

        /** The bound port. */
        public int port() {
            return ((java.net.InetSocketAddress) bound.server().address()).getPort();
        }

        /**
         * The readiness line, with what explains the blocking endpoints' throughput: event-loop workers, the sleep,
         * boundedElastic's cap, the {@code @Async} pool, commonPool's parallelism and where WebFlux runs
         * non-reactive handler methods ({@code event-loop}, or {@code virtual} with virtual threads on).
         */
        public String readinessLine() {
            Map<String, Object> a = new LinkedHashMap<>();
            a.put("port", port());
            a.put("protocol", "http1.1");
            a.put("transport", transport);
            a.put("workers", workers);
            a.put("framework", "spring-webflux");
            a.put("spring-boot", SpringBootVersion.getVersion());
            a.putAll(StressRoutes.attributes(new StressConfig(options.sleep(), options.asyncCore(),
                    options.asyncMax(), options.asyncQueue(), options.threadHeader()),
                    options.virtualThreads() ? "virtual" : "event-loop"));
            a.put("elastic-threads", elasticOnVirtualThreads() ? "virtual" : "platform");
            return Readiness.line(a);
        }

        /** Whether boundedElastic runs its tasks on virtual threads (Boot switches it with virtual threads on). */
        static boolean elasticOnVirtualThreads() {
            return Boolean.TRUE.equals(reactor.core.publisher.Mono.fromCallable(() -> Thread.currentThread().isVirtual())
                    .subscribeOn(Schedulers.boundedElastic()).block(Duration.ofSeconds(10)));
        }

        @Override
        public void close() {
            context.close();
        }
    }

    /** The application could not start; carries the exit code. */
    public static final class StartFailure extends RuntimeException {
        final int exitCode;

        StartFailure(String message, int exitCode, Throwable cause) {
            super(message, cause);
            this.exitCode = exitCode;
        }

        public int exitCode() {
            return exitCode;
        }

        static StartFailure of(RuntimeException e, int port) {
            for (Throwable t = e; t != null; t = t.getCause()) {
                if (t instanceof org.springframework.boot.web.server.PortInUseException
                        || t instanceof java.net.BindException
                        || (t.getMessage() != null && t.getMessage().contains("Address already in use"))) {
                    return new StartFailure("port " + port + " is in use; pick another or use --port 0", 2, e);
                }
                if (t instanceof TransportUnavailableException tu) {
                    return new StartFailure(tu.getMessage(), 1, e);
                }
                if (t instanceof IllegalArgumentException iae && t.getCause() == null) {
                    return new StartFailure(iae.getMessage(), 2, e);
                }
            }
            Throwable root = e;
            while (root.getCause() != null) {
                root = root.getCause();
            }
            return new StartFailure("cannot start: " + root, 1, e);
        }
    }
}
