package dev.fluxlab.targets.mvc;

import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.client.RestClient;

/**
 * Seed 003's fan-out as Spring MVC does it: each request fetches {@code --components} components from the mock API
 * with {@link RestClient} (over the JDK's HttpClient) and answers one JSON document.
 * <ul>
 *   <li>{@code GET /fanout/blocking}: the calls one after another on the request thread (a request takes
 *       components x the mock's delay and holds its thread all along);</li>
 *   <li>{@code GET /fanout/parallel}: every call on its own task, joined by the request thread: on the seed 002
 *       {@code @Async} pool (core/max/queue knobs), or on virtual threads with virtual threads on.</li>
 * </ul>
 * {@code GET /fanout} does what {@code --strategy} names. Without {@code --backend-url} they answer 503 naming the knob.
 */
@RestController
public class FanOutController {

    private final MvcOptions options;
    private final RestClient client;
    private final Executor parallel;

    public FanOutController(MvcOptions options, @Qualifier("asyncPool") Executor pool,
                            @Qualifier("virtualAsync") Executor virtual) {
        this.options = options;
        this.parallel = options.virtualThreads() ? virtual : pool;
        this.client = options.backendUrl() == null ? null : RestClient.builder()
                .baseUrl(options.backendUrl().toString())
                .requestFactory(requestFactory())
                .build();
    }

    private static JdkClientHttpRequestFactory requestFactory() {
        JdkClientHttpRequestFactory f = new JdkClientHttpRequestFactory(HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10)).build());
        f.setReadTimeout(Duration.ofSeconds(30));
        return f;
    }

    @GetMapping("/fanout")
    public ResponseEntity<String> configured() {
        return options.strategy().equals("parallel") ? parallel() : blocking();
    }

    @GetMapping("/fanout/blocking")
    public ResponseEntity<String> blocking() {
        if (client == null) {
            return noBackend();
        }
        List<String> handled = new ArrayList<>(options.components());
        for (int i = 0; i < options.components(); i++) {
            handled.add(handle(fetch(i)));
        }
        return respond("blocking", handled);
    }

    @GetMapping("/fanout/parallel")
    public ResponseEntity<String> parallel() {
        if (client == null) {
            return noBackend();
        }
        List<CompletableFuture<String>> calls = new ArrayList<>(options.components());
        for (int i = 0; i < options.components(); i++) {
            int id = i;
            calls.add(CompletableFuture.supplyAsync(() -> handle(fetch(id)), parallel));
        }
        return respond("parallel", calls.stream().map(CompletableFuture::join).toList());
    }

    private String fetch(int id) {
        return client.get().uri("/component/{id}", id).retrieve().body(String.class);
    }

    /** One handled component: the fetched JSON wrapped with the handling thread, as the Reactor Netty fan-out does. */
    private static String handle(String component) {
        Thread t = Thread.currentThread();
        return "{\"component\":" + component + ",\"thread\":\"" + (t.getName().isEmpty() ? "virtual#" + t.threadId()
                : t.getName()) + "\"}";
    }

    private static ResponseEntity<String> respond(String strategy, List<String> handled) {
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON)
                .body("{\"strategy\":\"" + strategy + "\",\"components\":[" + String.join(",", handled) + "]}");
    }

    private static ResponseEntity<String> noBackend() {
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).contentType(MediaType.TEXT_PLAIN)
                .body("no mock API: start mvc-tomcat with --backend-url=http://127.0.0.1:<port>");
    }
}
