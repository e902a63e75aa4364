package dev.fluxlab.targets.spring.boot3.undertow;

import dev.fluxlab.targets.spring.ServerHeader;
import dev.fluxlab.targets.spring.SpringLaunch;
import dev.fluxlab.targets.spring.UndertowKnobs;
import dev.fluxlab.targets.spring.WebfluxApplication;
import dev.fluxlab.targets.spring.WebfluxOptions;
import dev.fluxlab.targets.spring.launch.Http11Prime;
import dev.fluxlab.targets.spring.launch.ServeLoop;
import dev.fluxlab.targets.spring.launch.StartFailure;
import java.util.Map;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The {@code webflux-undertow-native} target: the {@code webflux-netty} application ({@link WebfluxApplication}:
 * the same router, filter and stress endpoints, compiled from the same source against Spring Boot 3.5 / Spring
 * Framework 6.2) on Boot 3.5's Undertow server, through Spring's native {@code UndertowHttpHandlerAdapter}, as seed
 * 004's "Reactor Undertow" ran ({@link NativeUndertowSetup}). Knobs and readiness line as {@code webflux-undertow}'s,
 * {@code server=undertow-native}. The adapter dispatches every exchange from the IO thread to an Undertow worker
 * ({@code HttpServerExchange.dispatch}), so handlers run there ({@code blocking-execution=undertow-worker}).
 *
 * <p>HTTP/1.1 only: with Undertow's HTTP/2 on, {@code h2load -n 100 -c 2 -m 4} lost 5 of 100 streams through this
 * adapter (Undertow: "UT005032: Listener not making progress on framed channel"), so {@code --protocol h2c} is
 * refused rather than measured broken.
 */
public final class WebfluxUndertowNativeApplication {

    static final String NAME = "fluxlab webflux-undertow-native";
    static final String SERVER = "fluxlab-webflux-undertow-native";
    static final String SERVER_VALUE = "undertow-native";

    private WebfluxUndertowNativeApplication() {
    }

    public static void main(String[] args) {
        System.exit(ServeLoop.run(NAME, () -> start(parse(args))));
    }

    /**
     * {@code webflux-undertow}'s knobs, HTTP/1.1 only.
     *
     * @throws IllegalArgumentException naming the bad option, or h2c and why it is not offered
     */
    public static UndertowKnobs.Parsed parse(String[] args) {
        UndertowKnobs.Parsed parsed = UndertowKnobs.parse(args);
        if (parsed.options().protocol() != dev.fluxlab.targets.common.http.ServerProtocol.HTTP11) {
            throw new IllegalArgumentException("--protocol " + parsed.options().protocol().label() + " is not offered "
                    + "by webflux-undertow-native: Spring's UndertowHttpHandlerAdapter loses HTTP/2 streams under "
                    + "load (UT005032); use http1.1, or webflux-undertow for h2c");
        }
        return parsed;
    }

    /**
     * Starts the application on Undertow's native adapter.
     *
     * @throws StartFailure when the server cannot start (busy port: exit 2; otherwise exit 1)
     */
    public static Started start(UndertowKnobs.Parsed parsed) {
        WebfluxOptions options = parsed.options();
        ConfigurableApplicationContext context;
        try {
            context = SpringLaunch.application(SERVER_VALUE, options, Map.of(), ctx -> {
                ctx.getBeanFactory().registerSingleton("serverHeader", new ServerHeader(SERVER));
                ctx.getBeanFactory().registerSingleton("undertowKnobs", parsed.undertow());
            }).run();
        } catch (RuntimeException e) {
            throw StartFailure.of(e, options.port());
        }
        Started started = new Started(context, options, parsed.undertow());
        if (options.prime()) {
            Http11Prime.get(NAME, options.host(), started.port(), "/stress-benchmark-04");
        }
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

        /** The bound port (Boot's {@code local.server.port}). */
        public int port() {
            return Integer.parseInt(context.getEnvironment().getProperty("local.server.port", "-1"));
        }

        @Override
        public String readinessLine() {
            return SpringLaunch.readiness(undertow.readinessHead(port(), options, "undertow-native"),
                    SpringLaunch.applicationAttributes(options, "undertow-worker"));
        }

        @Override
        public void close() {
            context.close();
        }
    }
}
