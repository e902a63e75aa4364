package dev.fluxlab.loadgen;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

/**
 * The input bytes of one connection that its parser could not use yet (a response or frame split across reads).
 * In the common case a read holds whole messages and is parsed in place, without a copy; only a tail that is left
 * over is copied into a buffer of its own, which the next read is appended to. Used from the connection's event
 * loop only.
 */
final class Cumulation {

    private ByteBuf pending;

    /** The bytes to parse now: {@code in} itself when nothing is pending, else the pending bytes followed by {@code in}. */
    ByteBuf append(ByteBuf in) {
        if (pending == null) {
            return in;
        }
        pending.ensureWritable(in.readableBytes());
        pending.writeBytes(in);
        in.release();
        return pending;
    }

    /** After parsing {@code buf} (what {@link #append} returned for {@code in}): keeps the unread rest for the next read. */
    void keepRest(ByteBufAllocator alloc, ByteBuf in, ByteBuf buf) {
        if (buf == in) {
            if (in.isReadable()) {
                pending = alloc.heapBuffer(Math.max(1024, in.readableBytes() * 2));
                pending.writeBytes(in);
            }
            in.release();
        } else if (!pending.isReadable()) {
            pending.release();
            pending = null;
        } else {
            pending.discardSomeReadBytes();
        }
    }

    /** Drops whatever is pending (the connection closed). */
    void release() {
        if (pending != null) {
            pending.release();
            pending = null;
        }
    }
}
