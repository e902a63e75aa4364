package dev.fluxlab.runner.target;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.model.suite.Suite;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The load's URL follows the wire the entry announced: https for the TLS wires, h2 over TCP and h3 over QUIC. */
class TargetSetUrlTest {

    private static String url(String protocol) {
        Suite s = Suite.parse("s.yaml", """
                targets: {reactor-netty: {knobs: {protocol: %s}}}
                scenarios: {a: {path: /plaintext}}
                """.formatted(protocol));
        Cell cell = s.cells().getFirst();
        TargetSet set = new TargetSet(List.of(), Map.of(),
                Map.of(cell.entry(), Map.of("port", "4433", "protocol", protocol)), cell.id());
        return set.entryUrl(cell);
    }

    @Test
    void tlsWiresGetHttps() {
        assertEquals("https://127.0.0.1:4433/plaintext", url("h3"));
        assertEquals("https://127.0.0.1:4433/plaintext", url("h2"));
        assertEquals("http://127.0.0.1:4433/plaintext", url("h2c"));
        assertEquals("http://127.0.0.1:4433/plaintext", url("http1.1+h2c"));
    }
}
