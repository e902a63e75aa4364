package dev.fluxlab.loadgen;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http2.DefaultHttp2FrameReader;
import io.netty.handler.codec.http2.DefaultHttp2HeadersDecoder;
import io.netty.handler.codec.http2.Http2FrameAdapter;
import io.netty.handler.codec.http2.Http2Headers;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The HTTP/2 frames a {@link RequestTemplate} encodes, read back with Netty's frame reader. */
class RequestTemplateTest {

    /** Visible ASCII that HPACK's Huffman code shrinks by a quarter at most (seeded: the same text every run). */
    static String incompressible(int length) {
        Random random = new Random(42);
        StringBuilder sb = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            sb.append((char) ('!' + random.nextInt(94)));
        }
        return sb.toString();
    }

    private static DefaultHttp2FrameReader newReader() {
        return new DefaultHttp2FrameReader(new DefaultHttp2HeadersDecoder(true, 1 << 20));
    }

    @ParameterizedTest(name = "{0} header bytes, body {1}")
    @CsvSource({"100, false", "100, true", "16000, false", "50000, false", "50000, true", "60000, true"})
    void headersOfAnySizeDecodeWholeOnTheirStream(int valueLength, boolean withBody) throws Exception {
        String value = incompressible(valueLength);
        LoadSpec.Builder b = LoadSpec.builder("http://127.0.0.1:8080/echo").protocol("h2c").header("X-Big", value);
        if (withBody) {
            b.method("POST").body(new byte[]{'{', '}'}, "application/json");
        }
        RequestTemplate tpl = new RequestTemplate(b.build());
        // h2First then h2Indexed on one reader (the second may refer to the table the first filled), h2Stateless alone
        DefaultHttp2FrameReader reader = newReader();
        for (H2Frames frames : List.of(tpl.h2First, tpl.h2Indexed, tpl.h2Stateless)) {
            if (frames == tpl.h2Stateless) {
                reader = newReader();
            }
            ByteBuf out = Unpooled.buffer();
            frames.writeTo(out, 7);
            if (withBody) {
                tpl.h2Data.writeTo(out, 7);
            }
            List<String> seen = new ArrayList<>();
            List<Http2Headers> decoded = new ArrayList<>();
            EmbeddedChannel ch = new EmbeddedChannel(new io.netty.channel.ChannelInboundHandlerAdapter());
            ChannelHandlerContext ctx = ch.pipeline().firstContext();
            reader.readFrame(ctx, out, new Http2FrameAdapter() {
                @Override
                public void onHeadersRead(ChannelHandlerContext c, int streamId, Http2Headers headers, int padding,
                                          boolean endOfStream) {
                    seen.add("headers " + streamId + (endOfStream ? " end" : ""));
                    decoded.add(headers);
                }

                @Override
                public int onDataRead(ChannelHandlerContext c, int streamId, ByteBuf data, int padding, boolean end) {
                    seen.add("data " + streamId + (end ? " end" : ""));
                    return data.readableBytes();
                }
            });
            assertEquals(withBody ? List.of("headers 7", "data 7 end") : List.of("headers 7 end"), seen);
            assertEquals(value, decoded.get(0).get("x-big").toString());
            assertEquals("/echo", decoded.get(0).path().toString());
            int atLeast = (int) Math.ceil(value.length() * 0.75 / RequestTemplate.MAX_FRAME);
            assertTrue(frames.count() >= atLeast, frames.count() + " frames for " + valueLength + " bytes");
            ch.finishAndReleaseAll();
        }
    }
}
