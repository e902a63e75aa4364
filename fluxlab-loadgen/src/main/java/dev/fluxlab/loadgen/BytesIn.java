package dev.fluxlab.loadgen;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.socket.DatagramPacket;

/**
 * Counts the bytes one connection's socket reads, first on its pipeline, into its loop's {@link LoopStats} by read
 * time (the {@code bytes_received} of the load document): the TCP payload for HTTP/1.1 and h2c, the TLS records for
 * h2 (before they are decrypted), the UDP payloads (QUIC packets) for h3. What it counts is what a read brought, so a
 * read costs one clock reading and one addition, and a response nothing: the figure needs no per-response work, and
 * it means what wrk's {@code Transfer/sec} and ab's {@code Total transferred} mean, every byte received.
 */
final class BytesIn extends ChannelInboundHandlerAdapter {

    private final LoopStats stats;

    BytesIn(LoopStats stats) {
        this.stats = stats;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        stats.received(size(msg), System.nanoTime());
        ctx.fireChannelRead(msg);
    }

    /** The bytes {@code msg} carries: a TCP read's buffer or a datagram's content; 0 for anything else. */
    static int size(Object msg) {
        if (msg instanceof ByteBuf b) {
            return b.readableBytes();
        }
        if (msg instanceof DatagramPacket p) {
            return p.content().readableBytes();
        }
        return 0;
    }
}
