package dev.fluxlab.targets.spring.boot4;

import java.io.EOFException;
import java.nio.channels.ClosedChannelException;
import org.reactivestreams.Publisher;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.server.reactive.HttpHandler;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.http.server.reactive.ServerHttpResponseDecorator;
import reactor.core.publisher.Mono;

/**
 * Lets Spring recognize a client that went away on Undertow's HTTP/2 path. When a client closes an h2c connection
 * with streams still in flight (wrk, h2load {@code -D} and fluxlab's injector all do at the end of a run), Undertow
 * fails the pending response writes with a bare {@link ClosedChannelException}. Spring treats a disconnected client
 * as routine (logged at DEBUG under {@code org.springframework.web.server.DisconnectedClient}) when it recognizes the
 * exception: Reactor Netty's {@code AbortedException}, Tomcat's {@code ClientAbortException}, Jetty's
 * {@code EofException}, an {@link EOFException}, "broken pipe", "connection reset by peer"; Undertow's closed-stream
 * exception is not on that list, so each abandoned stream was logged at ERROR with a stack trace (measured: 853 ERROR
 * lines after one {@code h2load -D 4 -c 128 -m 16}, none after 40,000 requests that completed). This decorator
 * rewraps exactly that exception, from response writes only, as an {@link EOFException} carrying it as the cause;
 * every other error, and every error before the response is written, reaches Spring unchanged.
 */
final class ClientGoneHandler implements HttpHandler {

    private final HttpHandler delegate;

    ClientGoneHandler(HttpHandler delegate) {
        this.delegate = delegate;
    }

    @Override
    public Mono<Void> handle(ServerHttpRequest request, ServerHttpResponse response) {
        return delegate.handle(request, new ServerHttpResponseDecorator(response) {
            @Override
            public Mono<Void> writeWith(Publisher<? extends DataBuffer> body) {
                return clientGone(super.writeWith(body));
            }

            @Override
            public Mono<Void> writeAndFlushWith(Publisher<? extends Publisher<? extends DataBuffer>> body) {
                return clientGone(super.writeAndFlushWith(body));
            }

            @Override
            public Mono<Void> setComplete() {
                return clientGone(super.setComplete());
            }
        });
    }

    private static Mono<Void> clientGone(Mono<Void> write) {
        return write.onErrorMap(ClosedChannelException.class, e -> {
            EOFException gone = new EOFException("the client closed the stream before the response was written");
            gone.initCause(e);
            return gone;
        });
    }
}
