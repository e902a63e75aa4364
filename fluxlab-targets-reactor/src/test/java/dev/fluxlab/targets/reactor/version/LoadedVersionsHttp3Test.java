package dev.fluxlab.targets.reactor.version;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** HTTP/3 needs Reactor Netty 1.3 (Netty 4.2's QUIC codec): the 1.2 line refuses h3 by name. */
class LoadedVersionsHttp3Test {

    @Test
    void reactorNetty12IsRefusedForH3() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LoadedVersions.requireHttp3("1.2.18"));
        assertTrue(e.getMessage().startsWith("protocol h3 needs Reactor Netty 1.3 or later (HTTP/3 on Netty 4.2's QUIC "
                + "codec); this classpath runs Reactor Netty 1.2.18"), e.getMessage());
        assertTrue(e.getMessage().endsWith("use reactor-netty-version 1.3.8 for h3"), e.getMessage());
    }

    @Test
    void reactorNetty13AndLaterServeIt() {
        assertDoesNotThrow(() -> LoadedVersions.requireHttp3("1.3.8"));
        assertDoesNotThrow(() -> LoadedVersions.requireHttp3("2.0.0"));
        assertDoesNotThrow(() -> LoadedVersions.requireHttp3()); // this module's own classpath: 1.3.8
    }
}
