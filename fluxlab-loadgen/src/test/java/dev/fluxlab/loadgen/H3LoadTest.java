package dev.fluxlab.loadgen;

import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.load.UdpSockets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** HTTP/3 runs of the injector against {@link H3TestServer}: both models, its faults, and QUIC missing. */
class H3LoadTest {

    private static LoadSpec.Builder spec(int port) {
        return LoadSpec.builder("https://127.0.0.1:" + port + "/plaintext")
                .protocol("h3")
                .insecure(true)
                .warmup(Duration.ofMillis(300))
                .duration(Duration.ofMillis(1000))
                .threads(2)
                .timeout(Duration.ofSeconds(5))
                .expectBody(TestServer.BODY)
                .expectContentType("text/plain");
    }

    @Test
    void closedModelLoadsWithVerifiedBodiesAndRecordsTheUdpSide() throws Exception {
        try (H3TestServer server = new H3TestServer(H3TestServer.Fault.NONE)) {
            LoadOutcome o = LoadGenerator.run(spec(server.port()).connections(2).inFlight(4).build(), ProgressListener.NONE);
            LoadResult r = o.result();
            assertEquals("h3", r.protocol());
            assertTrue(r.requestsOk() > 0, "no verified responses: " + r.errors() + " " + r.errorDetails());
            assertEquals(0, r.errorCount(), "errors: " + r.errors() + " " + r.errorDetails());
            assertEquals(List.of("connect", "reset", "timeout", "status", "body", "protocol", "handshake", "stream_reset",
                    "connection_lost"), List.copyOf(r.errors().keySet()), "h3 lists QUIC's classes too");
            assertEquals(r.requestsOk(), o.corrected().getTotalCount(), "ok count vs histogram");
            assertEquals(r.requestsOk() * TestServer.BODY.length, r.bodyBytesReceived(), "13 bytes of body each");
            // every body arrived in a QUIC packet of the window (a connection's last may have begun before it), and
            // each packet carries more than its frames' payload (a header and a 16-byte AEAD tag at least)
            assertTrue(r.bytesReceived() > r.bodyBytesReceived(), r.bytesReceived() + " UDP payload bytes for "
                    + r.requestsOk() + " responses");
            assertTrue(r.latencyMs().uncorrected().p50() > 0, "latency recorded");
            assertTrue(server.requests() >= r.requestsOk(), "server saw fewer requests than were verified");
            assertTrue(r.injectorCpuS() > 0, "injector CPU measured");
            UdpSockets u = r.udp();
            assertNotNull(u, "an h3 document has its UDP figures");
            assertNotNull(u.soRcvbuf(), "SO_RCVBUF as the channel reports it");
            assertTrue(u.soRcvbuf() > 0 && u.soSndbuf() > 0, u.toString());
            if (Files.isReadable(Path.of("/proc/net/snmp"))) {
                assertNotNull(u.atStart(), u.toString());
                assertNotNull(u.dropped(), u.toString());
            }
            assertTrue(HumanReport.format(o).contains("2 connections x 4 in flight"), HumanReport.format(o));
            assertTrue(HumanReport.format(o).contains("  UDP          SO_RCVBUF "), HumanReport.format(o));
            String json = dev.fluxlab.model.Json.write(r);
            assertEquals(u.soRcvbuf(), dev.fluxlab.model.Json.mapper().readTree(json).get("udp").get("so_rcvbuf").asInt(), json);
            assertEquals(u, dev.fluxlab.model.Json.read(json, LoadResult.class).udp(), "the udp figures read back");
        }
    }

    @Test
    void openModelRecordsLatencyFromTheIntendedSendTime() throws Exception {
        try (H3TestServer server = new H3TestServer(H3TestServer.Fault.NONE)) {
            LoadResult r = LoadGenerator.run(spec(server.port()).connections(2).inFlight(4).rate(200.0).build(),
                    ProgressListener.NONE).result();
            assertEquals("open", r.model());
            assertEquals(200.0, r.rateRps());
            assertTrue(r.requestsOk() > 0, "no verified responses: " + r.errors() + " " + r.errorDetails());
            assertEquals(0, r.errorCount(), "errors: " + r.errors() + " " + r.errorDetails());
            assertEquals(r.requestsOk(), LoadGenerator.decode(r.histogram()).getTotalCount());
            // corrected latency runs from the intended send time, never after the actual one
            assertTrue(r.latencyMs().corrected().max() >= r.latencyMs().uncorrected().max(), r.latencyMs().toString());
            assertTrue(r.latencyMs().corrected().min() >= r.latencyMs().uncorrected().min(), r.latencyMs().toString());
        }
    }

    @Test
    void aResetStreamIsCountedAsSuchNotAsThroughput() throws Exception {
        try (H3TestServer server = new H3TestServer(H3TestServer.Fault.RESET_EVERY_3RD)) {
            LoadOutcome o = LoadGenerator.run(spec(server.port()).connections(2).inFlight(4)
                    .duration(Duration.ofMillis(600)).build(), ProgressListener.NONE);
            LoadResult r = o.result();
            long resets = r.errors().get("stream_reset");
            assertTrue(resets > 0, "errors: " + r.errors() + " " + r.errorDetails());
            assertTrue(r.requestsOk() > 0, "the other requests were answered");
            assertEquals(r.requestsOk(), o.corrected().getTotalCount(), "a reset request has no latency recorded");
            assertTrue(r.errorDetails().get("stream_reset").contains("H3_REQUEST_REJECTED"), r.errorDetails().toString());
            assertEquals(0, r.errorCount() - resets, "only resets: " + r.errors() + " " + r.errorDetails());
        }
    }

    @Test
    void aConnectionTheServerClosesCountsItsRequestsAsConnectionLost() throws Exception {
        try (H3TestServer server = new H3TestServer(H3TestServer.Fault.CLOSE_EVERY_50TH)) {
            LoadOutcome o = LoadGenerator.run(spec(server.port()).connections(2).inFlight(4).build(), ProgressListener.NONE);
            LoadResult r = o.result();
            assertTrue(r.errors().get("connection_lost") > 0, HumanReport.format(o) + " " + server.requests());
            assertTrue(r.errorDetails().get("connection_lost").startsWith("the server closed the QUIC connection: "
                    + "application error 256 (\"going away\")"), r.errorDetails().toString());
            assertTrue(r.requestsOk() > 0, "the injector reconnected and went on");
            assertEquals(r.requestsOk(), o.corrected().getTotalCount());
        }
    }

    @Test
    void aHandshakeWithoutH3IsAHandshakeFailure() throws Exception {
        try (H3TestServer server = new H3TestServer(H3TestServer.Fault.NO_H3_ALPN)) {
            LoadFailure e = assertThrows(LoadFailure.class, () -> LoadGenerator.run(spec(server.port()).connections(1)
                    .build(), ProgressListener.NONE));
            assertTrue(e.getMessage().startsWith("could not connect to https://127.0.0.1:" + server.port()), e.getMessage());
            assertEquals(0, server.requests());
        }
    }

    @Test
    void aPortWithoutQuicIsSaidInWords() throws Exception {
        try (java.net.DatagramSocket silent = new java.net.DatagramSocket(0, java.net.InetAddress.getLoopbackAddress())) {
            LoadFailure e = assertThrows(LoadFailure.class, () -> LoadGenerator.run(spec(silent.getLocalPort())
                    .connections(1).timeout(Duration.ofMillis(300)).build(), ProgressListener.NONE));
            assertTrue(e.getMessage().contains("no QUIC answer from UDP port " + silent.getLocalPort() + " within 300 ms"),
                    e.getMessage());
        }
    }

    @Test
    void aWrongBodyIsAVerificationError() throws Exception {
        try (H3TestServer server = new H3TestServer(H3TestServer.Fault.WRONG_BODY)) {
            LoadResult r = LoadGenerator.run(spec(server.port()).connections(1).inFlight(2)
                    .duration(Duration.ofMillis(600)).build(), ProgressListener.NONE).result();
            assertEquals(0, r.requestsOk());
            assertTrue(r.errors().get("body") > 0, "errors: " + r.errors());
            assertEquals(r.errors().get("body"), r.errorCount(), "errors: " + r.errors() + " " + r.errorDetails());
        }
    }

    @Test
    void quicMissingIsOneClearLineBeforeAnythingStarts() {
        LoadSpec s = spec(1).build();
        long loopsBefore = loopThreads();
        LoadFailure e = assertThrows(LoadFailure.class, () -> LoadGenerator.run(s, ProgressListener.NONE, null,
                new LoadStop(), () -> new UnsatisfiedLinkError("could not load a native library: netty_quiche42_linux_aarch_64")));
        assertTrue(e.getMessage().startsWith("HTTP/3 needs Netty's QUIC native library (netty-codec-native-quic, "
                + "linux-x86_64), which cannot be used here"), e.getMessage());
        assertTrue(e.getMessage().contains("netty_quiche42_linux_aarch_64"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line");
        assertEquals(loopsBefore, loopThreads(), "no event loop was started");
        // a missing class (the classes jar itself absent) is said the same way
        LoadFailure missing = assertThrows(LoadFailure.class, () -> LoadGenerator.run(s, ProgressListener.NONE, null,
                new LoadStop(), () -> {
                    throw new NoClassDefFoundError("io/netty/handler/codec/quic/Quic");
                }));
        assertTrue(missing.getMessage().startsWith("HTTP/3 needs Netty's QUIC native library"), missing.getMessage());
    }

    private static long loopThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith("fluxlab-load")).count();
    }

    @Test
    void h3NeedsAnHttpsUrl() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LoadSpec.builder("http://127.0.0.1:1/").protocol("h3").build());
        assertTrue(e.getMessage().startsWith("--protocol h3 needs an https:// URL"), e.getMessage());
    }

    @Test
    void theKernelsUdpDropsAreReadAndAddedUp(@TempDir Path proc) throws Exception {
        Files.createDirectories(proc.resolve("net"));
        Files.createDirectories(proc.resolve("sys/net/core"));
        Files.writeString(proc.resolve("net/snmp"), """
                Ip: Forwarding DefaultTTL
                Ip: 1 64
                Udp: InDatagrams NoPorts InErrors OutDatagrams RcvbufErrors SndbufErrors InCsumErrors IgnoredMulti MemErrors
                Udp: 3244 0 17 3247 15 2 0 0 0
                UdpLite: InDatagrams NoPorts InErrors OutDatagrams RcvbufErrors SndbufErrors InCsumErrors IgnoredMulti MemErrors
                UdpLite: 0 0 9 0 9 9 0 0 0
                """);
        Files.writeString(proc.resolve("net/snmp6"), "Udp6InErrors                    \t3\nUdp6RcvbufErrors  \t3\n"
                + "Udp6SndbufErrors\t1\n");
        Files.writeString(proc.resolve("sys/net/core/rmem_max"), "4194304\n");
        UdpKernel k = new UdpKernel(proc);
        UdpSockets.Counters start = k.counters();
        assertEquals(new UdpSockets.Counters(18, 3, 20), start);
        assertEquals(4194304L, k.netCore("rmem_max"));
        assertNull(k.netCore("wmem_max"), "unreadable: null, not a guess");
        UdpSockets u = UdpSockets.of(425984, 425984, 4194304L, null, start, new UdpSockets.Counters(118, 5, 120));
        assertEquals(102L, u.dropped(), "InErrors (which holds the receive-buffer drops) plus SndbufErrors");
        assertTrue(UdpKernel.dropWarning(u).startsWith("102 UDP datagrams dropped by the kernel in the measured phase"),
                UdpKernel.dropWarning(u));
        assertTrue(UdpKernel.dropWarning(u).contains("raise net.core.rmem_max"), UdpKernel.dropWarning(u));
        assertNull(new UdpKernel(proc.resolve("absent")).counters());
    }
}
