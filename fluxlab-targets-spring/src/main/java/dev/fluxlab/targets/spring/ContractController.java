package dev.fluxlab.targets.spring;

import dev.fluxlab.targets.reactor.http.DateHeader;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Component;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * The HTTP contract every fluxlab target answers (docs/contracts.md, {@code TargetContractTest}):
 * {@code /plaintext}, {@code /json}, {@code /hello/{name}}, {@code /users/{user}/orders/{order}}, so the Spring
 * target can sit in the same suites as the others. JSON is written by hand: the target has no JSON codec (its
 * endpoints answer text), and these bodies are fixed shapes.
 */
@RestController
public class ContractController {

    static final String SERVER = "fluxlab-webflux-netty";

    @GetMapping("/plaintext")
    public ResponseEntity<String> plaintext() {
        return ResponseEntity.ok().contentType(MediaType.TEXT_PLAIN).body("Hello, World!");
    }

    @GetMapping("/json")
    public ResponseEntity<String> json() {
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body("{\"message\":\"Hello, World!\"}");
    }

    @GetMapping("/hello/{name}")
    public ResponseEntity<String> hello(@PathVariable String name) {
        return ResponseEntity.ok().contentType(MediaType.TEXT_PLAIN).body("Hello, " + name + "!");
    }

    @GetMapping("/users/{user}/orders/{order}")
    public ResponseEntity<String> order(@PathVariable String user, @PathVariable String order) {
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON)
                .body("{\"user\":\"" + jsonText(user) + "\",\"order\":\"" + jsonText(order) + "\"}");
    }

    private static String jsonText(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') {
                sb.append('\\').append(c);
            } else if (c < 0x20) {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    /** {@code Server} and {@code Date} on every response, as every fluxlab target sends them. */
    @Component
    static final class CommonHeaders implements WebFilter {
        private final DateHeader date = new DateHeader();

        @Override
        public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
            exchange.getResponse().beforeCommit(() -> {
                HttpHeaders h = exchange.getResponse().getHeaders();
                h.set(HttpHeaders.SERVER, SERVER);
                h.set(HttpHeaders.DATE, date.value().toString());
                return Mono.empty();
            });
            return chain.filter(exchange);
        }
    }
}
