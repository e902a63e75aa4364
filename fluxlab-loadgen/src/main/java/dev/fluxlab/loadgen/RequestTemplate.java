package dev.fluxlab.loadgen;

import dev.fluxlab.model.contract.LoadLimits;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersEncoder;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2HeadersEncoder;
import io.netty.handler.codec.http3.DefaultHttp3Headers;
import io.netty.handler.codec.http3.Http3Headers;
import dev.fluxlab.model.http.WireProtocol;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Set;

/**
 * The request, encoded once: HTTP/1.1 bytes, and HTTP/2 HEADERS/DATA frames whose stream id is patched per
 * request (HTTP/3: the header fields and the body, which Netty's QPACK encoder encodes per stream). Nothing is encoded on the hot path. Also holds the expectations every response is checked against.
 *
 * <p>For HTTP/2 three HPACK blocks are prepared: {@code h2First} inserts the request headers into the
 * server's dynamic table (literal with incremental indexing), {@code h2Indexed} then refers to those entries
 * only (a few bytes per request, cheap to decode, like h2load/nghttp2 do), and {@code h2Stateless} uses
 * never-indexed literals for servers whose SETTINGS_HEADER_TABLE_SIZE is too small for the first scheme.
 */
final class RequestTemplate {

    private static final Set<String> H2_FORBIDDEN = Set.of("host", "connection", "keep-alive", "proxy-connection",
            "transfer-encoding", "upgrade", "te");

    /** See {@link LoadLimits#MAX_H2_FRAME}. */
    static final int MAX_FRAME = LoadLimits.MAX_H2_FRAME;
    /** See {@link LoadLimits#MAX_H2_HEADER_BLOCK}. */
    static final int MAX_H2_HEADER_BLOCK = LoadLimits.MAX_H2_HEADER_BLOCK;
    /** See {@link LoadLimits#MAX_HTTP1_HEAD}. */
    static final int MAX_HTTP1_HEAD = LoadLimits.MAX_HTTP1_HEAD;

    /** The whole HTTP/1.1 request (head and body). */
    final byte[] http1;
    final H2Frames h2First;
    final H2Frames h2Indexed;
    final H2Frames h2Stateless;
    /** Dynamic-table bytes h2First needs on the server (RFC 7541 entry size: name + value + 32). */
    final long h2TableNeed;
    /** DATA frames of the body, empty when there is no body; null over HTTP/1.1. */
    final H2Frames h2Data;
    /** HTTP/3: the request's header fields, pseudo-headers first, copied into each request's HEADERS frame. */
    final Http3Headers h3Headers;
    /** HTTP/3: the body, sent as one DATA frame (a duplicate per request); empty without a body. */
    final ByteBuf h3Body;
    final int bodyLength;
    final int expectStatus;
    final ByteBuf expectBody;
    final byte[] expectContentType;

    RequestTemplate(LoadSpec spec) {
        this.bodyLength = spec.body().length;
        this.expectStatus = spec.expectStatus();
        this.expectBody = spec.expectBody() == null ? null
                : Unpooled.unreleasableBuffer(Unpooled.wrappedBuffer(spec.expectBody()).asReadOnly());
        this.expectContentType = spec.expectContentType() == null ? null
                : spec.expectContentType().trim().toLowerCase(Locale.ROOT).getBytes(StandardCharsets.US_ASCII);

        boolean userHost = false, userType = false;
        for (String[] h : spec.headers()) {
            userHost |= h[0].equalsIgnoreCase("host");
            userType |= h[0].equalsIgnoreCase("content-type");
        }
        boolean hasBody = bodyLength > 0 || spec.method().equals("POST");

        StringBuilder sb = new StringBuilder(256);
        sb.append(spec.method()).append(' ').append(spec.pathAndQuery()).append(" HTTP/1.1\r\n");
        if (!userHost) {
            sb.append("Host: ").append(spec.authority()).append("\r\n");
        }
        for (String[] h : spec.headers()) {
            sb.append(h[0]).append(": ").append(h[1]).append("\r\n");
        }
        if (!spec.keepAlive()) {
            sb.append("Connection: close\r\n");   // a connection per request: the server may close after answering
        }
        if (hasBody) {
            if (spec.contentType() != null && !userType) {
                sb.append("Content-Type: ").append(spec.contentType()).append("\r\n");
            }
            sb.append("Content-Length: ").append(bodyLength).append("\r\n");
        }
        sb.append("\r\n");
        byte[] head = sb.toString().getBytes(StandardCharsets.ISO_8859_1);
        if (head.length > MAX_HTTP1_HEAD) {
            throw new IllegalArgumentException(spec.protocol() != WireProtocol.HTTP11
                    ? "request target and headers of " + head.length + " bytes (as HTTP/1.1 lines) are too large: "
                    + "fluxlab sends at most " + MAX_HTTP1_HEAD + " bytes of them, over "
                    + (spec.protocol() == WireProtocol.H3 ? "HTTP/3" : "HTTP/2") + " as over HTTP/1.1 (servers "
                    + "take less: Netty and Reactor Netty refuse more than 8192 bytes of headers by default)"
                    : "request line and headers of " + head.length + " bytes are too large for "
                    + "HTTP/1.1: fluxlab sends at most " + MAX_HTTP1_HEAD + " bytes (HTTP/1.1 itself sets no limit, but "
                    + "servers do: Netty and Reactor Netty refuse more than 8192 bytes of headers by default)");
        }
        byte[] all = new byte[head.length + bodyLength];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(spec.body(), 0, all, head.length, bodyLength);
        this.http1 = all;

        if (spec.protocol() == WireProtocol.HTTP11) {
            this.h3Headers = null;
            this.h3Body = null;
            this.h2First = null;
            this.h2Indexed = null;
            this.h2Stateless = null;
            this.h2TableNeed = 0;
            this.h2Data = null;
            return;
        }
        Http2Headers h2 = new DefaultHttp2Headers(false);
        h2.method(spec.method());
        h2.scheme(spec.tls() ? "https" : "http");
        h2.authority(spec.authority());
        h2.path(spec.pathAndQuery());
        long need = 0;
        for (String[] h : spec.headers()) {
            String name = h[0].toLowerCase(Locale.ROOT);
            if (name.equals("host")) {
                h2.authority(h[1]);
            } else if (!H2_FORBIDDEN.contains(name)) {
                h2.add(name, h[1]);
            }
        }
        if (hasBody) {
            if (spec.contentType() != null && !userType) {
                h2.add("content-type", spec.contentType());
            }
            h2.add("content-length", Integer.toString(bodyLength));
        }
        for (var e : h2) {
            need += e.getKey().length() + e.getValue().length() + 32;
        }
        if (spec.protocol() == WireProtocol.H3) {
            Http3Headers h3 = new DefaultHttp3Headers(false);
            for (var e : h2) {
                h3.add(e.getKey(), e.getValue());
            }
            this.h3Headers = h3;
            this.h3Body = Unpooled.unreleasableBuffer(Unpooled.wrappedBuffer(spec.body()).asReadOnly());
            this.h2TableNeed = 0;
            this.h2First = null;
            this.h2Indexed = null;
            this.h2Stateless = null;
            this.h2Data = null;
            return;
        }
        this.h3Headers = null;
        this.h3Body = null;
        this.h2TableNeed = need;
        boolean endStream = bodyLength == 0;
        DefaultHttp2HeadersEncoder indexing = new DefaultHttp2HeadersEncoder(Http2HeadersEncoder.NEVER_SENSITIVE);
        this.h2First = headerFrames(encode(indexing, h2), endStream);
        this.h2Indexed = headerFrames(encode(indexing, h2), endStream);
        this.h2Stateless = headerFrames(encode(new DefaultHttp2HeadersEncoder(Http2HeadersEncoder.ALWAYS_SENSITIVE), h2),
                endStream);

        // DATA frames of at most 16384 bytes (the minimum SETTINGS_MAX_FRAME_SIZE every peer accepts)
        this.h2Data = H2Frames.split(spec.body(), MAX_FRAME, H2Frames.DATA, H2Frames.DATA, 0, H2Frames.END_STREAM);
    }

    /** A direct buffer holding {@code copies} back-to-back HTTP/1.1 requests, for zero-copy pipelined writes. */
    ByteBuf http1Batch(int copies) {
        ByteBuf b = Unpooled.directBuffer(http1.length * copies);
        for (int i = 0; i < copies; i++) {
            b.writeBytes(http1);
        }
        return Unpooled.unreleasableBuffer(b);
    }

    private static byte[] encode(DefaultHttp2HeadersEncoder encoder, Http2Headers headers) {
        ByteBuf out = Unpooled.buffer();
        try {
            encoder.encodeHeaders(1, headers, out);
        } catch (Http2Exception e) {
            throw new IllegalArgumentException("cannot encode the request headers for HTTP/2: " + e.getMessage(), e);
        }
        byte[] b = new byte[out.readableBytes()];
        out.readBytes(b);
        return b;
    }

    /**
     * The header block as one HEADERS frame, or, above {@link #MAX_FRAME} bytes, a HEADERS frame followed by
     * CONTINUATION frames (RFC 9113 section 6.10), END_HEADERS on the last one only.
     */
    private static H2Frames headerFrames(byte[] block, boolean endStream) {
        if (block.length > MAX_H2_HEADER_BLOCK) { // the head check above keeps every block below it
            throw new IllegalStateException("an HPACK block of " + block.length + " bytes, over the "
                    + MAX_H2_HEADER_BLOCK + " the head check promises");
        }
        return H2Frames.split(block, MAX_FRAME, H2Frames.HEADERS, H2Frames.CONTINUATION,
                endStream ? H2Frames.END_STREAM : 0, H2Frames.END_HEADERS);
    }
}
