package dev.fluxlab.targets.reactor.proxy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fluxlab.targets.reactor.http.EventLoopSend;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.util.concurrent.EventExecutor;
import dev.fluxlab.targets.reactor.client.LoopClients;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiFunction;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;
import reactor.netty.Connection;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;

/**
 * The frontend's routes, the workloads of the seeds' proxy experiment:
 * <ul>
 *   <li>{@code GET /get}: backend {@code GET /get}, response relayed;</li>
 *   <li>{@code POST /post}: backend {@code POST /post} with the request body, response relayed;</li>
 *   <li>{@code POST /post2}: the body is parsed as JSON (Jackson), then backend {@code GET /checkPermission}, then
 *       backend {@code POST /post} with the re-serialised JSON, response relayed (403 when permission is refused);</li>
 *   <li>{@code GET /stats}: the per-loop counters ({@link EventLoopCounters}) as JSON.</li>
 * </ul>
 * Every backend response body is read to its end (as a byte array, so no buffer outlives a cancelled exchange),
 * except the permission check's with {@code consumePermissionBody=false}, the seeds' mistake. A failed backend
 * exchange becomes a 502 naming the cause, is counted per loop, and its first occurrences are logged on stderr.
 */
public final class ProxyRoutes implements BiFunction<HttpServerRequest, HttpServerResponse, Publisher<Void>> {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final byte[] EMPTY = new byte[0];
    private static final int LOGGED_ERRORS = 50;

    /** One backend response, read to its end. */
    record Reply(int status, String contentType, byte[] body) {
    }

    private final LoopClients clients;
    private final EventLoopCounters stats;
    private final FrontendConfig config;
    private final AtomicLong errors = new AtomicLong();

    public ProxyRoutes(FrontendConfig config, LoopClients clients, EventLoopCounters stats) {
        this.config = config;
        this.clients = clients;
        this.stats = stats;
    }

    @Override
    public Publisher<Void> apply(HttpServerRequest request, HttpServerResponse response) {
        String uri = request.uri();
        int q = uri.indexOf('?');
        String path = q < 0 ? uri : uri.substring(0, q);
        HttpMethod method = request.method();
        if (path.equals("/stats")) {
            return request.receive().then(Mono.defer(() -> relay(response, new Reply(200, "application/json",
                    statsJson()))));
        }
        stats.frontendRequest();
        EventExecutor loop = ((Connection) request).channel().eventLoop();
        Mono<Reply> reply = switch (path) {
            case "/get" -> method.equals(HttpMethod.GET)
                    ? request.receive().then(Mono.defer(() -> clients.exchange(loop, c -> backendGet(c, "/get"))))
                    : notAllowed(request, "GET");
            case "/post" -> method.equals(HttpMethod.POST)
                    ? body(request).flatMap(b -> clients.exchange(loop, c -> backendPost(c, contentType(request), b)))
                    : notAllowed(request, "POST");
            case "/post2" -> method.equals(HttpMethod.POST)
                    ? body(request).flatMap(b -> post2(loop, b))
                    : notAllowed(request, "POST");
            default -> request.receive().then(Mono.just(text(404, "Not Found")));
        };
        Connection inbound = (Connection) request;
        // the reply arrives on the backend connection's event loop, which is not always this channel's (shared client
        // modes): it is relayed from this channel's loop, never into a connection that just closed
        return EventLoopSend.onEventLoop(response, reply.onErrorResume(e -> backendFailure(e, inbound)),
                r -> relay(response, r));
    }

    /** Two backend exchanges, each through the pool the client mode picks for {@code loop}. */
    private Mono<Reply> post2(EventExecutor loop, byte[] body) {
        JsonNode tree;
        try {
            tree = JSON.readTree(body);
        } catch (IOException e) {
            return Mono.just(text(400, "the body is not JSON: " + e.getMessage().lines().findFirst().orElse("")));
        }
        if (tree == null) {
            return Mono.just(text(400, "the body is empty; /post2 expects JSON"));
        }
        return clients.exchange(loop, this::permission).flatMap(allowed -> {
            if (!allowed) {
                return Mono.just(text(403, "permission refused by the backend"));
            }
            byte[] json;
            try {
                json = JSON.writeValueAsBytes(tree);
            } catch (IOException e) {
                return Mono.error(e);
            }
            return clients.exchange(loop, c -> backendPost(c, "application/json", json));
        });
    }

    /** The permission check: status 200 means allowed. Reads the body unless told to repeat the seeds' mistake. */
    private Mono<Boolean> permission(HttpClient client) {
        if (!config.consumePermissionBody()) {
            return client.get().uri("/checkPermission").response().map(r -> {
                stats.backendResponse();
                return r.status().code() == 200;
            });
        }
        return backendGet(client, "/checkPermission").map(r -> r.status() == 200);
    }

    private Mono<Reply> backendGet(HttpClient client, String path) {
        return client.get().uri(path).responseSingle((r, buf) -> {
            stats.backendResponse();
            return buf.asByteArray().defaultIfEmpty(EMPTY)
                    .map(b -> new Reply(r.status().code(), r.responseHeaders().get(HttpHeaderNames.CONTENT_TYPE), b));
        });
    }

    private Mono<Reply> backendPost(HttpClient client, String contentType, byte[] body) {
        return client.headers(h -> h.set(HttpHeaderNames.CONTENT_TYPE, contentType))
                .post().uri("/post")
                .send((req, out) -> out.sendByteArray(Mono.just(body)))
                .responseSingle((r, buf) -> {
                    stats.backendResponse();
                    return buf.asByteArray().defaultIfEmpty(EMPTY)
                            .map(b -> new Reply(r.status().code(), r.responseHeaders().get(HttpHeaderNames.CONTENT_TYPE),
                                    b));
                });
    }

    private static Mono<byte[]> body(HttpServerRequest request) {
        return request.receive().aggregate().asByteArray().defaultIfEmpty(EMPTY);
    }

    private static String contentType(HttpServerRequest request) {
        String t = request.requestHeaders().get(HttpHeaderNames.CONTENT_TYPE);
        return t == null ? "application/json" : t;
    }

    private static Mono<Reply> notAllowed(HttpServerRequest request, String allow) {
        return request.receive().then(Mono.just(text(405, "Method Not Allowed; use " + allow)));
    }

    private Mono<Reply> backendFailure(Throwable e, Connection inbound) {
        if (inbound.isDisposed() || !inbound.channel().isActive()) {
            // the caller went away (e.g. the injector closed its connections at the end of a run): the backend
            // exchange was abandoned for that reason, it did not fail; nobody is left to answer
            stats.abandoned();
            return Mono.empty();
        }
        stats.backendError();
        long n = errors.incrementAndGet();
        if (n <= LOGGED_ERRORS || Long.bitCount(n) == 1) {
            System.err.println("fluxlab frontend: backend exchange failed (" + n + " so far): " + e);
        }
        return Mono.just(text(502, "backend exchange failed: " + e));
    }

    private static Reply text(int status, String body) {
        return new Reply(status, "text/plain", body.getBytes(StandardCharsets.UTF_8));
    }

    private static Mono<Void> relay(HttpServerResponse response, Reply reply) {
        response.status(HttpResponseStatus.valueOf(reply.status()))
                .header(HttpHeaderNames.CONTENT_TYPE, reply.contentType() == null ? "application/octet-stream"
                        : reply.contentType())
                .header(HttpHeaderNames.CONTENT_LENGTH, String.valueOf(reply.body().length));
        return Mono.from(response.sendByteArray(Mono.just(reply.body())));
    }

    /**
     * The {@code /stats} document: mode, pools, the per-loop counters (with each loop's pending tasks and, in the
     * per-loop modes, its steal counters) and each pool's Reactor Netty metrics ({@code pool_metrics}).
     */
    public byte[] statsJson() {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("backend_protocol", config.backendProtocol().label());
        doc.put("client_mode", config.clientMode().label());
        doc.put("pools", clients.pools());
        Map<String, Map<String, Long>> loops = new TreeMap<>();
        stats.snapshot().forEach((name, counters) -> loops.put(name, new LinkedHashMap<>(counters)));
        clients.loopStats().forEach((name, counters) ->
                loops.computeIfAbsent(name, n -> new LinkedHashMap<>()).putAll(counters));
        doc.put("loops", loops);
        doc.put("pool_metrics", clients.poolStats());
        try {
            return JSON.writeValueAsBytes(doc);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
