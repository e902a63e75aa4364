package dev.fluxlab.targets.other.netty;

import dev.fluxlab.targets.common.http.DateHeader;
import dev.fluxlab.targets.other.Endpoints;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.util.AsciiString;
import java.nio.ByteBuffer;

/** Header values and the static bodies, encoded once and shared read-only by every response. */
final class Responses {

    static final AsciiString SERVER = AsciiString.cached("fluxlab-netty");
    static final DateHeader DATE = new DateHeader();

    private static final ByteBuf PLAINTEXT = direct(Endpoints.PLAINTEXT_RESPONSE.body());
    private static final ByteBuf JSON = direct(Endpoints.JSON_RESPONSE.body());
    private static final AsciiString TEXT_PLAIN = AsciiString.cached(Endpoints.TEXT_PLAIN);
    private static final AsciiString APPLICATION_JSON = AsciiString.cached(Endpoints.APPLICATION_JSON);

    private Responses() {
    }

    static ByteBuf body(Endpoints.Response r) {
        if (r == Endpoints.PLAINTEXT_RESPONSE) {
            return PLAINTEXT.duplicate();
        }
        if (r == Endpoints.JSON_RESPONSE) {
            return JSON.duplicate();
        }
        return Unpooled.wrappedBuffer(r.body());
    }

    static CharSequence contentType(Endpoints.Response r) {
        return switch (r.contentType()) {
            case Endpoints.TEXT_PLAIN -> TEXT_PLAIN;
            case Endpoints.APPLICATION_JSON -> APPLICATION_JSON;
            default -> r.contentType();
        };
    }

    private static ByteBuf direct(byte[] b) {
        return Unpooled.unreleasableBuffer(Unpooled.wrappedBuffer(ByteBuffer.allocateDirect(b.length).put(b).flip()));
    }
}
