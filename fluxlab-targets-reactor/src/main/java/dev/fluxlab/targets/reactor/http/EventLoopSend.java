package dev.fluxlab.targets.reactor.http;

import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.reactivestreams.Publisher;
import reactor.core.Disposable;
import reactor.core.Disposables;
import reactor.core.publisher.Mono;
import reactor.netty.http.server.HttpServerResponse;

/**
 * Sends a response whose content becomes ready off the channel's event loop (after a {@code Mono.delay}, on a
 * {@code subscribeOn}/{@code publishOn} scheduler, on a worker pool, on another connection's event loop) without ever
 * orphaning a response buffer.
 *
 * <p>Why: Reactor Netty 1.3 turns a {@code Mono} body into a full response on the thread that emits it, stores it,
 * and writes it from {@code onComplete}, which returns early when the channel is no longer active. When the client
 * closes its connection at that moment (the injector does, at the end of every measurement), the stored response is
 * neither written nor released: Netty's leak detector reports {@code LEAK: ByteBuf.release() was not called}, with the
 * buffer allocated in {@code NettyOutbound.sendString}. A body handed over while the channel is already inactive is not
 * released either.
 *
 * <p>How: the value is awaited wherever it is produced; the send is then assembled and run on the channel's own event
 * loop (inline when already there). Closing a channel also happens on that loop, so the channel cannot become inactive
 * between the activity check and Reactor Netty's write: either the channel is active and the response is written in
 * the same task, or it is not and the send is skipped before any buffer is allocated. Responses are unchanged.
 */
public final class EventLoopSend {

    private EventLoopSend() {
    }

    /**
     * Awaits {@code ready} on whatever thread produces it, then runs {@code send} on the response channel's event
     * loop, only if the channel is still active (otherwise completes empty). {@code send} should allocate response
     * buffers itself (e.g. {@code sendString(Mono.just(text))}), so that nothing is allocated for a gone client;
     * a caller that owns a buffer before the send releases it when {@code send} was not called.
     *
     * @param response the response to send
     * @param ready    the content, or the signal that it is time to answer
     * @param send     the send, given the content; runs on the channel's event loop
     * @param <T>      the content's type
     * @return completes when the response was written (or skipped for a gone client)
     */
    public static <T> Mono<Void> onEventLoop(HttpServerResponse response, Mono<T> ready,
                                             Function<? super T, ? extends Publisher<Void>> send) {
        return ready.flatMap(value -> {
            Channel channel = channelOf(response);
            EventLoop loop = channel.eventLoop();
            if (loop.inEventLoop()) {
                return sendIfActive(channel, value, send);
            }
            return Mono.<Void>create(sink -> {
                AtomicReference<Disposable> inner = new AtomicReference<>();
                Disposable cancelled = Disposables.disposed();
                sink.onCancel(() -> {
                    Disposable d = inner.getAndSet(cancelled);
                    if (d != null) {
                        d.dispose();
                    }
                });
                try {
                    loop.execute(() -> {
                        if (inner.get() == cancelled) {
                            return; // the caller gave up meanwhile (its client left): nothing to send
                        }
                        Disposable d = sendIfActive(channel, value, send).subscribe(null, sink::error, sink::success);
                        if (!inner.compareAndSet(null, d)) {
                            d.dispose();
                        }
                    });
                } catch (RejectedExecutionException e) {
                    sink.error(e); // the loop is shutting down: the channel is being closed, nothing was allocated
                }
            });
        });
    }

    /**
     * {@link #onEventLoop} for a text body: the bytes are encoded by Reactor Netty on the event loop, exactly as
     * {@code response.sendString(body)} would.
     */
    public static Mono<Void> sendString(HttpServerResponse response, Mono<String> body) {
        return onEventLoop(response, body, text -> response.sendString(Mono.just(text)));
    }

    private static <T> Mono<Void> sendIfActive(Channel channel, T value,
                                               Function<? super T, ? extends Publisher<Void>> send) {
        if (!channel.isActive()) {
            return Mono.empty();
        }
        return Mono.from(send.apply(value));
    }

    private static Channel channelOf(HttpServerResponse response) {
        AtomicReference<Channel> channel = new AtomicReference<>();
        response.withConnection(c -> channel.set(c.channel()));
        return channel.get();
    }
}
