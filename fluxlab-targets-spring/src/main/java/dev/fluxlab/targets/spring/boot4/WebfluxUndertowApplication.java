package dev.fluxlab.targets.spring.boot4;

import dev.fluxlab.targets.spring.ReactorNettyPrime;
import dev.fluxlab.targets.spring.ServerHeader;
import dev.fluxlab.targets.spring.SpringLaunch;
import dev.fluxlab.targets.spring.UndertowKnobs;
import dev.fluxlab.targets.spring.WebfluxApplication;
import dev.fluxlab.targets.spring.WebfluxOptions;
import dev.fluxlab.targets.spring.launch.ServeLoop;
import dev.fluxlab.targets.spring.launch.StartFailure;
import java.util.Map;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The {@code webflux-undertow} target: the same Spring WebFlux application as {@code webflux-netty}
 * ({@link WebfluxApplication}: same router bean, same {@code Server}/{@code Date} filter, same stress endpoints) served
 * by Undertow through Spring's Servlet adapter ({@link UndertowReactiveWebServerFactory} says why that path). Started
 * by the runner from the Spring module's own classpath.
 *
 * <p>Knobs: {@code --host}, {@code --port} (0 = any free port; the readiness line carries the bound one),
 * {@code --protocol http1.1|h2c|http1.1+h2c}, Undertow's {@code --io-threads}, {@code --worker-threads},
 * {@code --backlog}, {@code --buffer-size}, {@code --tcp-nodelay} (light-4j's defaults, as the plain {@code undertow}
 * target), and the application's {@code --virtual-threads}, {@code --sleep}, {@code --async-*},
 * {@code --thread-header}. Readiness: {@code fluxlab-ready port=.. protocol=.. transport=nio workers=<io threads>
 * io-threads=.. worker-threads=.. framework=spring-webflux ...}; exit 0 on SIGTERM, 2 for bad input or a busy port,
 * 1 when it cannot run.
 */
public final class WebfluxUndertowApplication {

    static final String NAME = "fluxlab webflux-undertow";
    static final String SERVER = "fluxlab-webflux-undertow";

    /**
     * Undertow's logger for client I/O failures off: it logs an abandoned HTTP/2 stream's failed close at ERROR (see
     * {@link UndertowReactiveWebServerFactory}); server-side exceptions go through Spring's and Undertow's other
     * loggers and stay visible.
     */
    static final Map<String, Object> UNDERTOW_PROPERTIES = Map.of("logging.level.io.undertow.request.io", "OFF");

    private WebfluxUndertowApplication() {
    }

    public static void main(String[] args) {
        System.exit(ServeLoop.run(NAME, () -> start(UndertowKnobs.parse(args))));
    }

    /**
     * Starts the application on Undertow.
     *
     * @throws IllegalArgumentException for a bad knob
     * @throws StartFailure             when the server cannot start (busy port: exit 2; otherwise exit 1)
     */
    public static Started start(UndertowKnobs.Parsed parsed) {
        WebfluxOptions options = parsed.options();
        ConfigurableApplicationContext context;
        try {
            context = SpringLaunch.application("undertow", options, UNDERTOW_PROPERTIES, ctx -> {
                ctx.getBeanFactory().registerSingleton("serverHeader", new ServerHeader(SERVER));
                ctx.getBeanFactory().registerSingleton("undertowKnobs", parsed.undertow());
            }).run();
        } catch (RuntimeException e) {
            throw StartFailure.of(e, options.port());
        }
        Started started = new Started(context, options, parsed.undertow());
        ReactorNettyPrime.prime(NAME, options, started.port());
        return started;
    }

    /**
     * A running application.
     *
     * @param context  the Spring context (closing it stops Undertow)
     * @param options  the application's and the listener's knobs
     * @param undertow Undertow's thread and buffer knobs
     */
    public record Started(ConfigurableApplicationContext context, WebfluxOptions options, UndertowKnobs undertow)
            implements ServeLoop.Running {

        /** The bound port. */
        public int port() {
            return ((WebServerApplicationContext) context).getWebServer().getPort();
        }

        /**
         * The readiness line, shaped as the plain {@code undertow} target's (transport {@code nio}: XNIO's NIO
         * provider; workers = IO threads) plus the application's part; non-reactive handlers run on Undertow's
         * Servlet worker threads here.
         */
        @Override
        public String readinessLine() {
            return SpringLaunch.readiness(undertow.readinessHead(port(), options, "undertow-servlet"),
                    SpringLaunch.applicationAttributes(options, "servlet-worker"));
        }

        @Override
        public void close() {
            context.close();
        }
    }
}
