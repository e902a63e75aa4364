package dev.fluxlab.targets.spring;

import dev.fluxlab.model.Readiness;
import dev.fluxlab.targets.spring.launch.ServeLoop;
import dev.fluxlab.targets.spring.launch.StartFailure;
import dev.fluxlab.model.transport.Transport;
import dev.fluxlab.targets.common.transport.EventLoops;
import dev.fluxlab.targets.common.transport.TransportSupport;
import dev.fluxlab.targets.common.transport.TransportUnavailableException;
import dev.fluxlab.targets.reactor.version.LoadedVersions;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.context.ConfigurableApplicationContext;
import reactor.netty.resources.LoopResources;

/**
 * The {@code webflux-netty} target: the Spring WebFlux application ({@link WebfluxApplication}: the contract's
 * functional router and seed 002's stress endpoints) on Boot's Reactor Netty server. Started by the runner as a child
 * JVM from its own classpath ({@code fluxlab-targets-spring/target/lib}), so Spring never sits on the CLI's classpath.
 *
 * <p>Like every target it binds loopback (port 0 = any free port), prints one readiness line when it serves
 * ({@code fluxlab-ready port=.. protocol=<http1.1|h2c|http1.1+h2c> transport=<in use> workers=.. ...}) and exits 0 on
 * SIGTERM. Exit codes: 2 for bad input (unknown option, bad value, busy port), 1 when it cannot run (e.g. an
 * explicit transport unavailable here).
 */
public final class WebfluxNettyApplication {

    public static final String NAME = "fluxlab webflux-netty";
    public static final String SERVER = "fluxlab-webflux-netty";

    private WebfluxNettyApplication() {
    }

    public static void main(String[] args) {
        System.exit(ServeLoop.run(NAME, () -> start(WebfluxOptions.parse(args))));
    }

    /**
     * Starts the application with {@code options}.
     *
     * @throws IllegalArgumentException for a knob that cannot apply (e.g. TCP fast open on NIO)
     * @throws StartFailure             when the server cannot start (busy port: exit 2; otherwise exit 1)
     */
    public static Started start(WebfluxOptions options) {
        return start(options, NAME, Extension.NONE);
    }

    /**
     * What a launcher adds to the application on this server ({@code webflux-fan-out}: its routes and WebClient): its
     * beans, registered on the lab's event loops before the context refreshes, its priming and its part of the
     * readiness line.
     */
    public interface Extension {
        /** Nothing added: {@code webflux-netty} itself. */
        Extension NONE = new Extension() {
        };

        /** The {@code Server} header. */
        default String serverHeader() {
            return SERVER;
        }

        /** Registers the extension's beans; {@code loops} are the server's event loops. */
        default void register(ConfigurableApplicationContext ctx, EventLoops loops) {
        }

        /** Runs once the server is bound, before the readiness line. */
        default void prime() {
        }

        /** Its part of the readiness line. */
        default Map<String, Object> readinessAttributes() {
            return Map.of();
        }
    }

    /** Starts the application with {@code options} and {@code extension}; {@code name} prefixes warnings. */
    public static Started start(WebfluxOptions options, String name, Extension extension) {
        SpringLaunch.requireStack(options.stack());
        // a library build resolved into the Boot module's classpath: refuse to run on anything else
        LoadedVersions.require(options.reactorNettyVersion());
        LoadedVersions.requireLibraries(options.nettyVersion(), options.reactorCoreVersion());
        Transport expected;
        try {
            expected = TransportSupport.resolve(options.transport());
        } catch (TransportUnavailableException e) {
            throw new StartFailure(e.getMessage(), 1, e);
        }
        options.socketOptions().requireSupportedBy(expected);
        int workers = options.workers() == null ? LoopResources.DEFAULT_IO_WORKER_COUNT : options.workers();
        int select = options.selectCount() == null ? LoopResources.DEFAULT_IO_SELECT_COUNT : options.selectCount();
        EventLoops loops = EventLoops.create(options.transport(), "fluxlab-webflux", select, workers);
        BoundServer bound = new BoundServer();
        ConfigurableApplicationContext context;
        try {
            context = SpringLaunch.application("netty", options, Map.of(), ctx -> {
                ctx.getBeanFactory().registerSingleton("serverHeader", new ServerHeader(extension.serverHeader()));
                ctx.getBeanFactory().registerSingleton("transportLoops", loops);
                ctx.getBeanFactory().registerSingleton("boundServer", bound);
                extension.register(ctx, loops);
            }).run();
        } catch (RuntimeException e) {
            loops.shutdown(Duration.ZERO, Duration.ofSeconds(5)).join();
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
        Started started = new Started(context, options, bound, actual, loops.workerCount(), extension);
        ReactorNettyPrime.prime(name, options, started.port());
        extension.prime();
        return started;
    }

    /**
     * A running application.
     *
     * @param context   the Spring context (closing it stops the server and the event loops)
     * @param options   the knobs
     * @param bound     the Reactor Netty server Spring bound
     * @param transport the transport in use, read from the server channel
     * @param workers   event-loop worker threads
     * @param extension what the launcher added (its readiness attributes close the line)
     */
    public record Started(ConfigurableApplicationContext context, WebfluxOptions options, BoundServer bound,
                          String transport, int workers, Extension extension) implements ServeLoop.Running {

        /** The bound port. */
        public int port() {
            return ((java.net.InetSocketAddress) bound.server().address()).getPort();
        }

        /**
         * The readiness line: port, protocol, transport in use and event-loop workers, the Reactor Netty and Netty
         * releases loaded ({@link LoadedVersions}), then the application's part ({@link
         * SpringLaunch#applicationAttributes}); non-reactive handlers run on the event loop here.
         */
        @Override
        public String readinessLine() {
            Map<String, Object> a = new LinkedHashMap<>();
            a.put(Readiness.PORT, port());
            a.put(Readiness.PROTOCOL, options.protocol().label());
            a.put(Readiness.TRANSPORT, transport);
            a.put(Readiness.WORKERS, workers);
            if (options.allocator() != null) {
                a.put(Readiness.ALLOCATOR, options.allocator().label());
            }
            a.putAll(LoadedVersions.readinessAttributes());
            a.putAll(SpringLaunch.applicationAttributes(options, "event-loop"));
            return SpringLaunch.readiness(a, extension.readinessAttributes());
        }

        @Override
        public void close() {
            context.close();
        }
    }
}
