package dev.fluxlab.loadgen;

import dev.fluxlab.model.load.LoadResult;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A hostile h2c server (loopback, bounded in time) that answers the preface with SETTINGS and then floods one kind of
 * control frame and never reads again: the injector stops using such a connection, names the cause in its errors
 * (not "timeout"), reconnects at a bounded pace, and ends the load in time (issue 38, finding 6: a GOAWAY flood had
 * cost 1.6 cores and ~1 GB within a second, reported only as "timeout").
 */
class H2FloodTest {

    /** The frame a connection is flooded with, and the words its errors must have. */
    enum Flood {
        GOAWAY("GOAWAY ENHANCE_YOUR_CALM"), GOAWAY_NO_ERROR("GOAWAY NO_ERROR FROM THE SERVER, 3 TIMES"), SETTINGS("SETTINGS"), PING("PING"), WINDOW_UPDATE("WINDOW_UPDATE"),
        CONTINUATION("CONTINUATION"); // Netty's reader: "small consecutive continuations frames"

        final String named;

        Flood(String named) {
            this.named = named;
        }
    }

    /** Accepts connections on loopback and floods each with {@code flood} until it closes or 15 s have passed. */
    private static final class HostileServer implements AutoCloseable {
        final ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        final AtomicInteger accepted = new AtomicInteger();
        final long until = System.nanoTime() + Duration.ofSeconds(15).toNanos();

        HostileServer(Flood flood) throws IOException {
            Thread.ofPlatform().daemon().start(() -> {
                while (!socket.isClosed()) {
                    try {
                        Socket c = socket.accept();
                        accepted.incrementAndGet();
                        Thread.ofPlatform().daemon().start(() -> flood(c, flood));
                    } catch (IOException e) {
                        return;
                    }
                }
            });
        }

        private void flood(Socket c, Flood flood) {
            try (c) {
                InputStream in = c.getInputStream();
                in.readNBytes(24); // the preface; nothing is read after it
                DataOutputStream out = new DataOutputStream(new java.io.BufferedOutputStream(c.getOutputStream(), 1 << 16));
                frame(out, 0, 0x4, 0, 0); // SETTINGS, empty
                if (flood == Flood.CONTINUATION) {
                    frame(out, 1, 0x1, 0, 1); // HEADERS on stream 1 without END_HEADERS
                    out.writeByte(0x88); // :status 200
                }
                out.flush();
                while (!socket.isClosed() && System.nanoTime() < until) {
                    for (int i = 0; i < 1000; i++) {
                        switch (flood) {
                            case GOAWAY, GOAWAY_NO_ERROR -> {
                                frame(out, 8, 0x7, 0, 0);
                                out.writeInt(Integer.MAX_VALUE);
                                out.writeInt(flood == Flood.GOAWAY ? 0xb : 0); // ENHANCE_YOUR_CALM, NO_ERROR
                            }
                            case SETTINGS -> frame(out, 0, 0x4, 0, 0);
                            case PING -> {
                                frame(out, 8, 0x6, 0, 0);
                                out.writeLong(i);
                            }
                            case WINDOW_UPDATE -> {
                                frame(out, 4, 0x8, 0, 0);
                                out.writeInt(1);
                            }
                            case CONTINUATION -> frame(out, 0, 0x9, 0, 1);
                        }
                    }
                    out.flush();
                }
            } catch (IOException e) {
                // the injector closed it
            }
        }

        private static void frame(DataOutputStream out, int length, int type, int flags, int stream) throws IOException {
            out.writeByte(length >>> 16);
            out.writeShort(length & 0xffff);
            out.writeByte(type);
            out.writeByte(flags);
            out.writeInt(stream);
        }

        int port() {
            return socket.getLocalPort();
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    @ParameterizedTest
    @EnumSource(Flood.class)
    void aFloodingServerIsLeftAndNamed(Flood flood) throws Exception {
        try (HostileServer server = new HostileServer(flood)) {
            LoadSpec s = LoadSpec.builder("http://127.0.0.1:" + server.port() + "/plaintext").protocol("h2c")
                    .connections(1).inFlight(4).threads(1).warmup(Duration.ZERO).duration(Duration.ofSeconds(2))
                    .timeout(Duration.ofSeconds(1)).build();
            LoadResult r = assertTimeoutPreemptively(Duration.ofSeconds(20),
                    () -> LoadGenerator.run(s, ProgressListener.NONE).result());
            assertEquals(0, r.requestsOk());
            String why = r.describeErrors();
            assertTrue(why.toUpperCase(java.util.Locale.ROOT).contains(flood.named) && !why.startsWith("timeout"), why);
            assertTrue(server.accepted.get() <= 30, server.accepted.get() + " connections in 2 s: reconnects at a bounded pace");
        }
    }
}
