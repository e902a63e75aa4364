package dev.fluxlab.targets.spring;

import dev.fluxlab.targets.common.http.DateHeader;
import dev.fluxlab.targets.common.http.JsonText;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * The HTTP contract every fluxlab target answers (docs/contracts.md, {@code TargetContractTest}) as a Spring WebFlux
 * functional router, the programming model seed 004 measured: {@code /plaintext}, {@code /json},
 * {@code /hello/{name}}, {@code /users/{user}/orders/{order}} (the last two go through {@code PathPattern} matching
 * with path variables, where seed 004 hit a parser bug only under concurrent load). The same bean serves both Spring
 * targets ({@code webflux-netty}, {@code webflux-undertow}); only the server underneath differs.
 *
 * <p>JSON is written by hand: the targets carry no JSON codec (their endpoints answer text) and these bodies are
 * fixed shapes.
 */
@Configuration(proxyBeanMethods = false)
class ContractRoutes {

    static final String PLAINTEXT = "Hello, World!";
    static final String JSON = "{\"message\":\"Hello, World!\"}";

    @Bean
    RouterFunction<ServerResponse> contractRouter() {
        return RouterFunctions.route()
                .GET("/plaintext", r -> text(PLAINTEXT))
                .GET("/json", r -> json(JSON))
                .GET("/hello/{name}", r -> text("Hello, " + r.pathVariable("name") + "!"))
                .GET("/users/{user}/orders/{order}", ContractRoutes::order)
                .build();
    }

    private static Mono<ServerResponse> order(ServerRequest r) {
        return json("{\"user\":\"" + JsonText.escape(r.pathVariable("user")) + "\",\"order\":\""
                + JsonText.escape(r.pathVariable("order")) + "\"}");
    }

    private static Mono<ServerResponse> text(String body) {
        return ServerResponse.ok().contentType(MediaType.TEXT_PLAIN).bodyValue(body);
    }

    private static Mono<ServerResponse> json(String body) {
        return ServerResponse.ok().contentType(MediaType.APPLICATION_JSON).bodyValue(body);
    }

    /** {@code Server} (the target's name) and {@code Date} on every response, as every fluxlab target sends them. */
    @Bean
    WebFilter commonHeaders(ServerHeader server) {
        return new CommonHeaders(server.value());
    }

    /** Sets the two headers just before the response commits, whatever route (or 404) produced it. */
    static final class CommonHeaders implements WebFilter {
        private final String server;
        private final DateHeader date = new DateHeader();

        CommonHeaders(String server) {
            this.server = server;
        }

        @Override
        public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
            exchange.getResponse().beforeCommit(() -> {
                HttpHeaders h = exchange.getResponse().getHeaders();
                h.set(HttpHeaders.SERVER, server);
                h.set(HttpHeaders.DATE, date.value().toString());
                return Mono.empty();
            });
            return chain.filter(exchange);
        }
    }
}
