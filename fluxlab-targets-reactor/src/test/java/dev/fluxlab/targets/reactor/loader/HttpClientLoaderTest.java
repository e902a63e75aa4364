package dev.fluxlab.targets.reactor.loader;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import org.junit.jupiter.api.Test;

/** The HttpClient loader against the plain backend: verified responses only, errors by class. */
class HttpClientLoaderTest {

    private static LoadResult run(ReactorNettyServer.Running be, String method, String path, String body,
                                  String expect, List<String> progress) throws InterruptedException {
        String scheme = be.config().protocol().secure() ? "https" : "http";
        LoaderConfig c = new LoaderConfig(URI.create(scheme + "://127.0.0.1:" + be.port()), method, path,
                body == null ? null : body.getBytes(StandardCharsets.UTF_8), "application/json", 1, 4, 1,
                WarmupPolicy.fixed(Duration.ofSeconds(1)), Duration.ofSeconds(1), Duration.ofSeconds(5), 200, expect);
        return new HttpClientLoader(c, progress::add).run();
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

    @Test
    void aWrongBodyIsAnErrorNotThroughput() throws InterruptedException {
        try (ReactorNettyServer.Running be = ReactorNettyServer.start(
                ReactorNettyServerConfig.builder().protocol(ServerProtocol.H2C).workers(1).build())) {
            LoadResult r = run(be, "GET", "/get", null, "something else", new ArrayList<>());
            assertEquals(0, r.requestsOk());
            assertTrue(r.errors().getOrDefault("body", 0L) > 0, String.valueOf(r.errors()));
        }
    }
}
