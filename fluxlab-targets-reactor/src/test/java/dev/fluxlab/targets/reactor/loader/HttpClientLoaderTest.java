package dev.fluxlab.targets.reactor.loader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.model.warmup.WarmupPolicy;
import dev.fluxlab.targets.common.http.ServerProtocol;
import dev.fluxlab.targets.reactor.plain.ReactorNettyServer;
import dev.fluxlab.targets.reactor.plain.ReactorNettyServerConfig;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import dev.fluxlab.model.transport.Transport;
import dev.fluxlab.targets.common.transport.TransportSupport;
import dev.fluxlab.targets.reactor.client.BackendProtocol;
import dev.fluxlab.targets.reactor.client.ClientMode;
import dev.fluxlab.targets.reactor.client.PoolKnobs;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The HttpClient loader against the plain backend (h2, h2c, and h3 with {@code --backend-protocol h3}): verified
 * responses only, errors by class; the backend protocol resolved and refused as the proxy frontend's.
 */
class HttpClientLoaderTest {

    private static LoadResult run(ReactorNettyServer.Running be, String method, String path, String body,
                                  String expect, List<String> progress) throws InterruptedException {
        String scheme = be.config().protocol().secure() ? "https" : "http";
        LoaderConfig c = new LoaderConfig(URI.create(scheme + "://127.0.0.1:" + be.port()), method, path,
                body == null ? null : body.getBytes(StandardCharsets.UTF_8), "application/json", 1, 4, 1,
                WarmupPolicy.fixed(Duration.ofSeconds(1)), Duration.ofSeconds(1), Duration.ofSeconds(5), 200, expect);
        HttpClientLoader l = new HttpClientLoader(c, progress::add);
        LoadResult r = l.run();

        return r;
    }

    @Test
    void postOverTlsGivesThroughputAndNoErrors() throws InterruptedException {
        try (ReactorNettyServer.Running be = ReactorNettyServer.start(
                ReactorNettyServerConfig.builder().protocol(ServerProtocol.H2).workers(1).build())) {
            List<String> progress = new ArrayList<>();
            LoadResult r = run(be, "POST", "/post", "{\"a\":1}", "{\"a\":1}", progress);
            assertTrue(r.requestsOk() > 0, "verified responses: " + r.requestsOk());
            assertEquals(0, r.errorCount(), String.valueOf(r.errors()));
            assertEquals("h2", r.protocol());
            assertEquals(LoadResult.SCHEMA, r.schema());
            assertTrue(r.throughputRps() > 0);
            assertTrue(r.latencyMs().corrected().p99() > 0);
            assertTrue(progress.stream().anyMatch(l -> l.startsWith("fluxlab-progress phase=measure")), progress.toString());
        }
    }

    /**
     * Per-loop modes: 3 connections of 4 streams over 2 loops are pools of 2 and 1 connections, and each loop runs 6
     * request loops, so the one-connection pool has more requests than streams: work stealing sends the surplus
     * through the other pool, per-loop pools never do.
     */
    @ParameterizedTest
    @CsvSource({"per-loop-pools, false", "work-stealing, true"})
    void perLoopModesSplitTheConnectionsAndOnlyWorkStealingBorrows(String mode, boolean steals) throws Exception {
        try (ReactorNettyServer.Running be = ReactorNettyServer.start(
                ReactorNettyServerConfig.builder().protocol(ServerProtocol.H2C).workers(1).build())) {
            LoaderConfig c = new LoaderConfig(URI.create("http://127.0.0.1:" + be.port()), "GET", "/get", null,
                    null, 3, 4, 2, WarmupPolicy.fixed(Duration.ofSeconds(1)), Duration.ofSeconds(1),
                    Duration.ofSeconds(5), 200, "fluxlab get ok", ClientMode.of(mode), null, PoolKnobs.DEFAULTS,
                    null);
            HttpClientLoader loader = new HttpClientLoader(c, line -> { });
            LoadResult r = loader.run();
            assertTrue(r.requestsOk() > 0, "verified responses: " + r.requestsOk());
            assertEquals(0, r.errorCount(), String.valueOf(r.errors()));
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> pools = (List<Map<String, Object>>) loader.loopStats().get("pool_metrics");
            assertEquals(List.of(2, 1), pools.stream().map(p -> ((Number) p.get("connections")).intValue()).toList(),
                    pools.toString());
            @SuppressWarnings("unchecked")
            Map<String, Map<String, Long>> loops = (Map<String, Map<String, Long>>) loader.loopStats().get("loops");
            long stolen = loops.values().stream().mapToLong(m -> m.getOrDefault("stolen_by", 0L)).sum();
            assertEquals(steals, stolen > 0, loops.toString());
        }
    }

    @Test
    void aWrongBodyIsAnErrorNotThroughput() throws InterruptedException {
        try (ReactorNettyServer.Running be = ReactorNettyServer.start(
                ReactorNettyServerConfig.builder().protocol(ServerProtocol.H2C).workers(1).build())) {
            LoadResult r = run(be, "GET", "/get", null, "something else", new ArrayList<>());
            assertEquals(0, r.requestsOk());
            assertTrue(r.errors().getOrDefault("body", 0L) > 0, String.valueOf(r.errors()));
        }
    }

    private static LoaderConfig config(String url, BackendProtocol protocol) {
        return new LoaderConfig(URI.create(url), "GET", "/get", null, null, 1, 4, 1,
                WarmupPolicy.fixed(Duration.ofSeconds(1)), Duration.ofSeconds(1), Duration.ofSeconds(5), 200,
                "fluxlab get ok", ClientMode.COLOCATED, null, PoolKnobs.DEFAULTS, protocol);
    }

    @Test
    void withoutTheBackendProtocolTheUrlsSchemeChooses() {
        assertEquals(BackendProtocol.H2, config("https://127.0.0.1:8443", null).backendProtocol());
        assertEquals("h2", config("https://127.0.0.1:8443", null).protocol());
        assertEquals(BackendProtocol.H2C, config("http://127.0.0.1:8080", null).backendProtocol());
        assertEquals("h2c", config("http://127.0.0.1:8080", null).protocol());
        assertEquals("h3", config("https://127.0.0.1:8443", BackendProtocol.H3).protocol());
        assertTrue(config("https://127.0.0.1:8443", BackendProtocol.H3).secure());
    }

    @Test
    void aSchemeThatContradictsTheBackendProtocolIsRefusedAsTheFrontendRefusesIt() {
        IllegalArgumentException h3 = assertThrows(IllegalArgumentException.class,
                () -> config("http://127.0.0.1:8443", BackendProtocol.H3));
        assertTrue(h3.getMessage().startsWith("--backend-protocol h3 is HTTP/3 over QUIC with TLS 1.3, so "
                + "--backend-url must be https://HOST:PORT"), h3.getMessage());
        IllegalArgumentException h2c = assertThrows(IllegalArgumentException.class,
                () -> config("https://127.0.0.1:8443", BackendProtocol.H2C));
        assertTrue(h2c.getMessage().endsWith("for a TLS backend use --backend-protocol h2 (or h3)"), h2c.getMessage());
        IllegalArgumentException h2 = assertThrows(IllegalArgumentException.class,
                () -> config("http://127.0.0.1:8080", BackendProtocol.H2));
        assertTrue(h2.getMessage().endsWith("for a cleartext backend use --backend-protocol h2c"), h2.getMessage());
    }

    /** Reactor Netty's h3 client gets no answer on io_uring: with h3 the loader's loops never resolve to it. */
    @Test
    void anH3LoaderNeverRunsOnIoUring() {
        assertNotEquals(Transport.IO_URING,
                TransportSupport.resolve(config("https://127.0.0.1:8443", BackendProtocol.H3).transport()));
        assertEquals(Transport.NATIVE, config("https://127.0.0.1:8443", BackendProtocol.H2).transport());
        assertEquals(Transport.NATIVE, config("http://127.0.0.1:8080", null).transport());
    }

    @Test
    void h3ToAnH3BackendGivesVerifiedResponsesAndSaysH3() throws InterruptedException {
        try (ReactorNettyServer.Running be = ReactorNettyServer.start(
                ReactorNettyServerConfig.builder().protocol(ServerProtocol.H3).workers(1).build())) {
            HttpClientLoader loader = new HttpClientLoader(
                    config("https://127.0.0.1:" + be.port(), BackendProtocol.H3), line -> { });
            LoadResult r = loader.run();
            assertTrue(r.requestsOk() > 0, "verified responses: " + r.requestsOk() + ", errors " + r.errors());
            assertEquals(0, r.errorCount(), String.valueOf(r.errors()));
            assertEquals("h3", r.protocol());
            assertNotEquals(Transport.IO_URING.label(), r.transport());
        }
    }
}
