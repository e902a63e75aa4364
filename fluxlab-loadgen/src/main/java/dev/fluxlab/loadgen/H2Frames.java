package dev.fluxlab.loadgen;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/**
 * HTTP/2 frames of one part of a request (its headers, or its body), encoded once with stream id 0, and where each
 * frame's stream id sits: {@link #writeTo} copies them and writes the request's stream id into every frame.
 */
final class H2Frames {

    private final byte[] bytes;
    private final int[] streamIdOffsets;

    private H2Frames(byte[] bytes, int[] streamIdOffsets) {
        this.bytes = bytes;
        this.streamIdOffsets = streamIdOffsets;
    }

    /** Frame types and flags (RFC 9113 section 6). */
    static final int DATA = 0x0, HEADERS = 0x1, CONTINUATION = 0x9, END_STREAM = 0x1, END_HEADERS = 0x4;

    /**
     * {@code payload} cut into frames of at most {@code maxFrame} bytes each (length, type, flags, stream id 0): the
     * first of type {@code firstType} with {@code firstFlags}, the others of {@code nextType}, and {@code lastFlags} on
     * the last one. An empty payload gives no frame.
     */
    static H2Frames split(byte[] payload, int maxFrame, int firstType, int nextType, int firstFlags, int lastFlags) {
        int count = (payload.length + maxFrame - 1) / maxFrame;
        byte[] bytes = new byte[payload.length + 9 * count];
        int[] offsets = new int[count];
        ByteBuf f = Unpooled.wrappedBuffer(bytes).clear();
        for (int i = 0, pos = 0; i < count; i++, pos += maxFrame) {
            int n = Math.min(maxFrame, payload.length - pos);
            f.writeMedium(n).writeByte(i == 0 ? firstType : nextType)
                    .writeByte((i == 0 ? firstFlags : 0) | (i == count - 1 ? lastFlags : 0));
            offsets[i] = f.writerIndex();
            f.writeInt(0).writeBytes(payload, pos, n);
        }
        return new H2Frames(bytes, offsets);
    }

    /** Appends the frames to {@code out} for stream {@code streamId}. */
    void writeTo(ByteBuf out, int streamId) {
        int at = out.writerIndex();
        out.writeBytes(bytes);
        for (int off : streamIdOffsets) {
            out.setInt(at + off, streamId);
        }
    }

    /** How many frames there are. */
    int count() {
        return streamIdOffsets.length;
    }
}
