package dev.fluxlab.targets.common.net;

import dev.fluxlab.model.Labelled;
import io.netty.buffer.AdaptiveByteBufAllocator;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;

/**
 * The Netty {@code ByteBufAllocator} a server sets as {@code ChannelOption.ALLOCATOR} on its listening socket and
 * on every accepted connection (seed 002 set {@code PooledByteBufAllocator.DEFAULT}): pooled or unpooled, direct
 * (off-heap) or heap buffers, or Netty 4.2's adaptive allocator. Not setting one leaves Netty's default.
 */
public enum ServerAllocator implements Labelled {
    POOLED_DIRECT("pooled-direct"),
    POOLED_HEAP("pooled-heap"),
    UNPOOLED_DIRECT("unpooled-direct"),
    UNPOOLED_HEAP("unpooled-heap"),
    ADAPTIVE("adaptive");

    private final String label;

    ServerAllocator(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }

    /** A new allocator of this kind (one per server; pooled ones own their arenas). */
    public ByteBufAllocator create() {
        return switch (this) {
            case POOLED_DIRECT -> new PooledByteBufAllocator(true);
            case POOLED_HEAP -> new PooledByteBufAllocator(false);
            case UNPOOLED_DIRECT -> new UnpooledByteBufAllocator(true);
            case UNPOOLED_HEAP -> new UnpooledByteBufAllocator(false);
            case ADAPTIVE -> new AdaptiveByteBufAllocator();
        };
    }

    /**
     * Parses a command-line name.
     *
     * @throws IllegalArgumentException listing the accepted names
     */
    public static ServerAllocator of(String label) {
        return Labelled.parse(ServerAllocator.class, label, "allocator");
    }

    @Override
    public String toString() {
        return label;
    }
}
