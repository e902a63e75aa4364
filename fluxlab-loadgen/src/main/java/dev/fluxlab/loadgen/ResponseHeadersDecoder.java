package dev.fluxlab.loadgen;

import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersDecoder;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.util.AsciiString;

/**
 * HPACK decoding of response headers into one reused object per connection that keeps only what the injector checks
 * ({@code :status} and {@code content-type}). Netty's decoder still reads every header field, so the connection's
 * dynamic table stays exact; what goes away is a header map, its entries and its hash table per response. The decoded
 * headers are valid until the next header block of the connection is decoded (the frame listener reads them at once).
 */
final class ResponseHeadersDecoder extends DefaultHttp2HeadersDecoder {

    private final Kept kept = new Kept();

    ResponseHeadersDecoder() {
        super(false);
    }

    @Override
    protected Http2Headers newHeaders() {
        kept.status = null;
        kept.contentType = null;
        return kept;
    }

    /** The {@code :status} of a decoded block, or null when it had none. */
    static CharSequence status(Http2Headers h) {
        return h instanceof Kept k ? k.status : h.status();
    }

    /** A {@code :status} value as a number (HTTP/2 and HTTP/3 alike), or -1 when it is absent or not 3 digits. */
    static int statusCode(CharSequence s) {
        if (s == null || s.length() != 3) {
            return -1;
        }
        int v = 0;
        for (int i = 0; i < 3; i++) {
            int d = s.charAt(i) - '0';
            if (d < 0 || d > 9) {
                return -1;
            }
            v = v * 10 + d;
        }
        return v;
    }

    /** The {@code content-type} of a decoded block, or null when it had none. */
    static CharSequence contentType(Http2Headers h) {
        return h instanceof Kept k ? k.contentType : h.get("content-type");
    }

    /** Keeps two fields and drops the rest; the map of its superclass stays empty. */
    private static final class Kept extends DefaultHttp2Headers {
        CharSequence status;
        CharSequence contentType;

        Kept() {
            super(false, false, 1);
        }

        @Override
        public Http2Headers add(CharSequence name, CharSequence value) {
            int n = name.length();
            if (n == 7 && status == null && name.charAt(0) == ':' && Http2Headers.PseudoHeaderName.STATUS.value()
                    .contentEquals(name)) {
                status = value;
            } else if (n == 12 && contentType == null && AsciiString.contentEqualsIgnoreCase(name,
                    "content-type")) {
                contentType = value;
            }
            return this;
        }
    }
}
