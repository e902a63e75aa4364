package dev.fluxlab.loadgen;

import io.netty.buffer.ByteBuf;

import java.util.List;

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

    /** The readable bytes of {@code frames}, whose stream ids are at {@code streamIdOffsets}. */
    static H2Frames of(ByteBuf frames, List<Integer> streamIdOffsets) {
        byte[] b = new byte[frames.readableBytes()];
        frames.getBytes(frames.readerIndex(), b);
        return new H2Frames(b, streamIdOffsets.stream().mapToInt(Integer::intValue).toArray());
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
