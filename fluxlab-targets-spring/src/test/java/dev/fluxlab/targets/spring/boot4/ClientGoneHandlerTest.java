package dev.fluxlab.targets.spring.boot4;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.EOFException;
import java.nio.channels.ClosedChannelException;
import java.nio.charset.StandardCharsets;
import org.reactivestreams.Publisher;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.http.server.reactive.AbstractServerHttpResponse;
import org.springframework.http.server.reactive.HttpHandler;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

/**
 * Only a closed stream during a response write becomes the disconnected-client exception Spring recognizes;
 * everything else reaches Spring unchanged.
 */
class ClientGoneHandlerTest {

    /** A response whose body write fails with {@code failure}. */
    private static final class FailingResponse extends AbstractServerHttpResponse {
        private final Throwable failure;

        FailingResponse(Throwable failure) {
            super(DefaultDataBufferFactory.sharedInstance);
            this.failure = failure;
        }

        @Override
        public <T> T getNativeResponse() {
            throw new UnsupportedOperationException();
        }

        @Override
        protected Mono<Void> writeWithInternal(Publisher<? extends DataBuffer> body) {
            return Mono.error(failure);
        }

        @Override
        protected Mono<Void> writeAndFlushWithInternal(Publisher<? extends Publisher<? extends DataBuffer>> body) {
            return Mono.error(failure);
        }

        @Override
        protected void applyStatusCode() {
        }

        @Override
        protected void applyHeaders() {
        }

        @Override
        protected void applyCookies() {
        }
    }

    private static final HttpHandler WRITES_A_BODY = (request, response) -> response.writeWith(Mono.just(
            DefaultDataBufferFactory.sharedInstance.wrap("Hello, World!".getBytes(StandardCharsets.UTF_8))));

    private static Throwable failureOf(ServerHttpResponse response) {
        return assertThrows(RuntimeException.class,
                () -> new ClientGoneHandler(WRITES_A_BODY).handle(null, response).block()).getCause();
    }

    @Test
    void closedStreamDuringTheWriteIsADisconnectedClient() {
        ClosedChannelException closed = new ClosedChannelException();
        Throwable t = failureOf(new FailingResponse(closed));
        assertInstanceOf(EOFException.class, t);
        assertSame(closed, t.getCause());
    }

    @Test
    void otherFailuresPassUnchanged() {
        java.io.IOException other = new java.io.IOException("disk full");
        assertSame(other, failureOf(new FailingResponse(other)));
        IllegalStateException bug = new IllegalStateException("a bug");
        RuntimeException thrown = assertThrows(RuntimeException.class,
                () -> new ClientGoneHandler(WRITES_A_BODY).handle(null, new FailingResponse(bug)).block());
        assertEquals(bug, thrown);
    }
}
