package dev.fluxlab.targets.spring.boot4;

import dev.fluxlab.targets.spring.WebfluxApplication;
import dev.fluxlab.targets.spring.WebfluxNettyApplication;
import dev.fluxlab.targets.common.transport.EventLoops;
import dev.fluxlab.targets.reactor.fanout.FanOutHandler;
import dev.fluxlab.targets.reactor.fanout.FanOutServer;
import dev.fluxlab.targets.reactor.fanout.Strategy;
import dev.fluxlab.targets.reactor.transport.IoHandlerLoopResources;
import dev.fluxlab.targets.spring.launch.ServeLoop;
import java.time.Duration;
import java.util.Map;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.http.MediaType;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

/**
 * The {@code webflux-fan-out} target: seed 003's service as the seed built it, a Spring WebFlux application
 * ({@link WebfluxApplication} on Boot's Reactor Netty server, as {@code webflux-netty}) calling the mock API with
 * Spring's {@link WebClient}. {@code GET /fanout} uses {@code --strategy}, {@code GET /fanout/<strategy>} picks one
 * of the four by path; the strategies' operators are the plain {@code fan-out} service's ({@link FanOutHandler}), so
 * the two rows differ only in the framework (router, codecs, WebClient) around them. The WebClient runs on the
 * server's event loops over a pool of {@code --client-connections} (pending acquires unbounded), as {@code fan-out}'s
 * HttpClient does. {@code GET /stats} serves the threads seen, as {@code fan-out}'s ({@link FanOutHandler#statsJson()}).
 */
public final class WebfluxFanOutApplication {

    static final String NAME = "fluxlab webflux-fan-out";
    static final String SERVER = "fluxlab-webflux-fan-out";

    private WebfluxFanOutApplication() {
    }

    public static void main(String[] args) {
        System.exit(ServeLoop.run(NAME, () -> start(FanOutKnobs.parse(args))));
    }

    /** Starts the application with the parsed knobs. */
    public static WebfluxNettyApplication.Started start(FanOutKnobs.Parsed parsed) {
        return WebfluxNettyApplication.start(parsed.options(), NAME, new FanOut(parsed.fanOut()));
    }

    /** The fan-out's router and WebClient, added to the WebFlux application. */
    private static final class FanOut implements WebfluxNettyApplication.Extension {
        private final FanOutServer.Config config;
        private final ConnectionProvider pool;
        private FanOutHandler handler;

        FanOut(FanOutServer.Config config) {
            this.config = config;
            this.pool = ConnectionProvider.builder("fluxlab-webflux-fanout")
                    .maxConnections(config.clientConnections())
                    .pendingAcquireMaxCount(-1)
                    .pendingAcquireTimeout(Duration.ofSeconds(60))
                    .build();
        }

        @Override
        public String serverHeader() {
            return SERVER;
        }

        @Override
        public void register(ConfigurableApplicationContext ctx, EventLoops loops) {
            WebClient client = WebClient.builder()
                    .baseUrl(config.backendUrl().toString())
                    .clientConnector(new ReactorClientHttpConnector(HttpClient.create(pool)
                            .runOn(new IoHandlerLoopResources(loops, false))
                            .responseTimeout(Duration.ofSeconds(30))))
                    .build();
            handler = new FanOutHandler(i -> client.get().uri("/component/{id}", i).retrieve()
                    .bodyToMono(String.class), config);
            ctx.getBeanFactory().registerSingleton("fanOutRouter", router(handler));
            ctx.getBeanFactory().registerSingleton("fanOutClientPool",
                    (org.springframework.beans.factory.DisposableBean) () -> pool.disposeLater()
                            .block(Duration.ofSeconds(10)));
        }

        private static RouterFunction<ServerResponse> router(FanOutHandler handler) {
            return RouterFunctions.route()
                    .GET(FanOutHandler.STATS_PATH, r -> ServerResponse.ok().contentType(MediaType.APPLICATION_JSON)
                            .bodyValue(handler.statsJson()))
                    .GET("/fanout", r -> json(handler.handle(handler.config().strategy())))
                    .GET("/fanout/{strategy}", r -> {
                        Strategy s;
                        try {
                            s = Strategy.of(r.pathVariable("strategy"));
                        } catch (IllegalArgumentException e) {
                            return ServerResponse.notFound().build();
                        }
                        return json(handler.handle(s));
                    })
                    .build();
        }

        private static Mono<ServerResponse> json(Mono<String> body) {
            return ServerResponse.ok().contentType(MediaType.APPLICATION_JSON).body(body, String.class);
        }

        @Override
        public void prime() {
            handler.prime(NAME);
        }

        @Override
        public Map<String, Object> readinessAttributes() {
            return handler.readinessAttributes();
        }
    }
}
