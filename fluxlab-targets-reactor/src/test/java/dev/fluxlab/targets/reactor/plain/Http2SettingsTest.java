package dev.fluxlab.targets.reactor.plain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.fluxlab.targets.common.http.ServerProtocol;
import java.io.DataInputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The HTTP/2 knobs reach the wire: the server's first SETTINGS frame, read off a raw h2c connection. */
class Http2SettingsTest {

    private static final int SETTINGS = 0x4;
    private static final int MAX_CONCURRENT_STREAMS = 0x3;
    private static final int INITIAL_WINDOW_SIZE = 0x4;

    @Test
    void settingsFrameCarriesTheKnobs() throws Exception {
        try (ReactorNettyServer.Running server = ReactorNettyServer.start(ReactorNettyServerConfig.builder()
                .protocol(ServerProtocol.H2C).workers(1).h2MaxConcurrentStreams(7L).h2InitialWindowSize(131_072)
                .build())) {
            Map<Integer, Long> settings = serverSettings(server.port());
            assertEquals(7L, settings.get(MAX_CONCURRENT_STREAMS), settings.toString());
            assertEquals(131_072L, settings.get(INITIAL_WINDOW_SIZE), settings.toString());
        }
    }

    @Test
    void defaultsLeaveThemToNetty() throws Exception {
        try (ReactorNettyServer.Running server = ReactorNettyServer.start(ReactorNettyServerConfig.builder()
                .protocol(ServerProtocol.H2C).workers(1).build())) {
            Map<Integer, Long> settings = serverSettings(server.port());
            assertFalse(Long.valueOf(7L).equals(settings.get(MAX_CONCURRENT_STREAMS)), settings.toString());
            assertFalse(Long.valueOf(131_072L).equals(settings.get(INITIAL_WINDOW_SIZE)), settings.toString());
        }
    }

    /** Sends the client preface and an empty SETTINGS frame, returns the server's first SETTINGS values. */
    private static Map<Integer, Long> serverSettings(int port) throws Exception {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            s.setSoTimeout(10_000);
            OutputStream out = s.getOutputStream();
            out.write("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.write(new byte[]{0, 0, 0, SETTINGS, 0, 0, 0, 0, 0});
            out.flush();
            DataInputStream in = new DataInputStream(s.getInputStream());
            for (int frame = 0; frame < 8; frame++) { // bounded: the server's SETTINGS comes first or nearly so
                int length = (in.readUnsignedByte() << 16) | (in.readUnsignedByte() << 8) | in.readUnsignedByte();
                int type = in.readUnsignedByte();
                int flags = in.readUnsignedByte();
                in.readInt(); // stream id
                byte[] payload = in.readNBytes(length);
                if (type == SETTINGS && (flags & 0x1) == 0) {
                    Map<Integer, Long> values = new HashMap<>();
                    for (int i = 0; i + 6 <= payload.length; i += 6) {
                        int id = ((payload[i] & 0xff) << 8) | (payload[i + 1] & 0xff);
                        long value = ((long) (payload[i + 2] & 0xff) << 24) | ((payload[i + 3] & 0xff) << 16)
                                | ((payload[i + 4] & 0xff) << 8) | (payload[i + 5] & 0xff);
                        values.put(id, value);
                    }
                    return values;
                }
            }
            throw new AssertionError("no SETTINGS frame from the server");
        }
    }
}
