package dev.fluxlab.targets.other.undertow;

import dev.fluxlab.model.Readiness;
import dev.fluxlab.targets.common.net.PortInUseException;
import dev.fluxlab.targets.common.undertow.UndertowListener;
import dev.fluxlab.targets.other.Endpoints;
import io.undertow.Handlers;
import io.undertow.Undertow;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.RoutingHandler;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;
import io.undertow.util.PathTemplateMatch;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A plain Undertow server (undertow-core, no servlet, no light-4j framework around it): the non-reactive baseline of
 * seed 004. Handlers run on the IO threads (they never block, as light-4j's hello-world handlers), routing goes
 * through Undertow's {@link RoutingHandler} path templates, Undertow adds {@code Date} itself.
 *
 * <p>Why not light-4j ({@code com.networknt:server}): it resolves, but it starts from a config directory (server.yml,
 * service.yml, handler chains) and drags its module system, registry and logging along; the part seed 004 measured
 * is its Undertow server with these settings, which is what this class runs.
 */
public final class UndertowServer {

    public static final String SERVER_NAME = "fluxlab-undertow";
    private static final HttpString SERVER = new HttpString("Server");

    private UndertowServer() {
    }

    /** A started server. */
    public record Running(Undertow undertow, UndertowServerConfig config, int port) implements AutoCloseable {

        public String readinessLine() {
            Map<String, Object> a = new LinkedHashMap<>();
            a.put(Readiness.PORT, port);
            a.put(Readiness.PROTOCOL, config.protocol().label());
            a.put(Readiness.TRANSPORT, "nio"); // XNIO's NIO provider (epoll underneath on Linux)
            a.put(Readiness.WORKERS, config.ioThreads());
            a.put(Readiness.IO_THREADS, config.ioThreads());
            a.put(Readiness.WORKER_THREADS, config.workerThreads());
            return Readiness.line(a);
        }

        @Override
        public void close() {
            undertow.stop();
        }
    }

    public static Running start(UndertowServerConfig c) {
        Undertow u = UndertowListener.listener(c.host(), c.port(), c.ioThreads(), c.workerThreads(), c.bufferSize(),
                        c.backlog(), c.tcpNoDelay(), c.protocol())
                .setHandler(routes())
                .build();
        try {
            u.start();
        } catch (RuntimeException e) {
            try {
                u.stop();
            } catch (RuntimeException ignored) {
                // not started
            }
            if (PortInUseException.isBindConflict(e)) {
                throw new PortInUseException(c.port(), e);
            }
            throw e;
        }
        int port = ((InetSocketAddress) u.getListenerInfo().get(0).getAddress()).getPort();
        return new Running(u, c, port);
    }

    static HttpHandler routes() {
        RoutingHandler r = Handlers.routing();
        for (String template : Endpoints.TEMPLATES) {
            r.get(template, exchange -> {
                PathTemplateMatch m = exchange.getAttachment(PathTemplateMatch.ATTACHMENT_KEY);
                send(exchange, Endpoints.answer(template, m == null ? Map.of() : m.getParameters()));
            });
        }
        r.setFallbackHandler(exchange -> send(exchange, Endpoints.NOT_FOUND_RESPONSE));
        r.setInvalidMethodHandler(exchange -> {
            exchange.getResponseHeaders().put(Headers.ALLOW, "GET");
            send(exchange, Endpoints.METHOD_NOT_ALLOWED_RESPONSE);
        });
        return r;
    }

    private static final ByteBuffer PLAINTEXT = direct(Endpoints.PLAINTEXT_RESPONSE.body());
    private static final ByteBuffer JSON = direct(Endpoints.JSON_RESPONSE.body());

    private static void send(HttpServerExchange exchange, Endpoints.Response r) {
        exchange.setStatusCode(r.status());
        exchange.getResponseHeaders()
                .put(Headers.CONTENT_TYPE, r.contentType())
                .put(Headers.CONTENT_LENGTH, r.body().length)
                .put(SERVER, SERVER_NAME);
        ByteBuffer body = r == Endpoints.PLAINTEXT_RESPONSE ? PLAINTEXT.duplicate()
                : r == Endpoints.JSON_RESPONSE ? JSON.duplicate() : ByteBuffer.wrap(r.body());
        exchange.getResponseSender().send(body);
    }

    private static ByteBuffer direct(byte[] b) {
        return ByteBuffer.allocateDirect(b.length).put(b).flip().asReadOnlyBuffer();
    }
}
