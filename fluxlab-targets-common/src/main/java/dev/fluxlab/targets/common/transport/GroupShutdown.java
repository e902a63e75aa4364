package dev.fluxlab.targets.common.transport;

import io.netty.util.concurrent.EventExecutorGroup;
import io.netty.util.concurrent.Future;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** A Netty event-loop group's graceful shutdown as a {@link CompletableFuture} (the same on Netty 4.1 and 4.2). */
public final class GroupShutdown {

    private GroupShutdown() {
    }

    /** Shuts {@code group} down gracefully; completes when it has terminated, exceptionally if that failed. */
    public static CompletableFuture<Void> of(EventExecutorGroup group, Duration quietPeriod, Duration timeout) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        Future<?> f = group.shutdownGracefully(quietPeriod.toMillis(), timeout.toMillis(), TimeUnit.MILLISECONDS);
        f.addListener(r -> {
            if (r.isSuccess()) {
                done.complete(null);
            } else {
                done.completeExceptionally(r.cause());
            }
        });
        return done;
    }
}
