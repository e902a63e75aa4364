package dev.fluxlab.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.targets.common.http.ServerProtocol;
import dev.fluxlab.targets.reactor.plain.ReactorNettyServer;
import dev.fluxlab.targets.reactor.plain.ReactorNettyServerConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * fluxlab's injector against fluxlab's Reactor Netty target on every protocol, each response verified (status,
 * exact body, Content-Type): the two halves of the lab agree on the wire, with zero errors.
 */
class LoadAgainstReactorNettyTest {

    @ParameterizedTest(name = "{0} {1} -m {2}")
    @CsvSource({
            "http1.1, /plaintext, 1, 'Hello, World!', text/plain",
            "http1.1, /json, 4, '{\"message\":\"Hello, World!\"}', application/json",
            "h2c, /plaintext, 8, 'Hello, World!', text/plain",
            "h2, /json, 8, '{\"message\":\"Hello, World!\"}', application/json"})
    void everyResponseVerifiedAndNoErrors(String protocol, String path, int inFlight, String body, String type,
                                          @TempDir Path tmp) throws Exception {
        try (ReactorNettyServer.Running server = ReactorNettyServer.start(ReactorNettyServerConfig.builder()
                .protocol(ServerProtocol.of(protocol)).workers(1).build())) {
            String url = (protocol.equals("h2") ? "https" : "http") + "://127.0.0.1:" + server.port() + path;
            Path json = tmp.resolve("load.json");
            List<String> args = new ArrayList<>(List.of("load", url, "--protocol", protocol, "-c", "2", "-m",
                    String.valueOf(inFlight), "-d", "1s", "--warmup", "500ms", "--expect-body", body,
                    "--expect-content-type", type, "--progress", "none", "--json", json.toString()));
            if (protocol.equals("h2")) {
                args.add("--insecure");
            }
            Fluxlab.Outcome o = Fluxlab.execute(args.toArray(String[]::new));
            assertEquals(0, o.code(), o.out() + o.err());

            LoadResult r = Json.read(json, LoadResult.class);
            assertEquals(protocol, r.protocol());
            assertTrue(r.requestsOk() > 0, "no verified response: " + o.out());
            assertEquals(0, r.errorCount(), "errors: " + r.errors());
            assertEquals(r.requestsOk() / r.durationS(), r.throughputRps(), r.throughputRps() * 1e-6);
        }
    }
}
