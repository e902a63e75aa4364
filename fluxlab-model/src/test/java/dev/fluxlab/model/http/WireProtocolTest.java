package dev.fluxlab.model.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class WireProtocolTest {

    @Test
    void theNamesAreTheLabsProtocolNames() {
        assertEquals(WireProtocol.HTTP11, WireProtocol.of("http1.1"));
        assertEquals(WireProtocol.H2C, WireProtocol.of(" H2C "));
        assertEquals(WireProtocol.H2, WireProtocol.of("h2"));
    }

    @Test
    void aServerCombinationIsNoWireProtocol() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> WireProtocol.of("http1.1+h2c"));
        assertEquals("unknown protocol 'http1.1+h2c'; accepted: http1.1, h2c, h2, h3", e.getMessage());
    }

    @Test
    void aClientSpeaksTheWireNamedElseHttp11() {
        assertEquals(WireProtocol.H2, WireProtocol.ofOrHttp11("h2"));
        assertEquals(WireProtocol.H2C, WireProtocol.ofOrHttp11("h2c"));
        assertEquals(WireProtocol.HTTP11, WireProtocol.ofOrHttp11("http1.1"));
        assertEquals(WireProtocol.HTTP11, WireProtocol.ofOrHttp11("http1.1+h2c"));
        assertEquals(WireProtocol.HTTP11, WireProtocol.ofOrHttp11(null));
    }

    @Test
    void onlyHttp2MultiplexesStreams() {
        assertFalse(WireProtocol.HTTP11.http2());
        assertTrue(WireProtocol.H2C.http2());
        assertTrue(WireProtocol.H2.http2());
        assertFalse(WireProtocol.H3.http2(), "HTTP/3 has streams, but no HTTP/2 settings nor frames");
    }
}
