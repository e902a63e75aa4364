package dev.fluxlab.targets.common.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxlab.model.http.WireProtocol;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class ServerProtocolTest {

    @Test
    void aPortOfOneWireIsNamedAfterIt() {
        assertEquals(WireProtocol.HTTP11.label(), ServerProtocol.HTTP11.label());
        assertEquals(WireProtocol.H2C.label(), ServerProtocol.H2C.label());
        assertEquals(WireProtocol.H2.label(), ServerProtocol.H2.label());
    }

    @Test
    void whatAServerServesGoesBeyondOneWire() {
        assertEquals(List.of(WireProtocol.H2, WireProtocol.HTTP11), ServerProtocol.H2.wires());
        assertEquals("http1.1+h2c", ServerProtocol.HTTP11_H2C.label());
        assertEquals(List.of(WireProtocol.HTTP11, WireProtocol.H2C), ServerProtocol.HTTP11_H2C.wires());
        assertTrue(ServerProtocol.HTTP11_H2C.http2());
        assertFalse(ServerProtocol.HTTP11.http2());
        assertTrue(ServerProtocol.H2.secure());
        assertFalse(ServerProtocol.HTTP11_H2C.secure());
        // h3 is a port of its own: QUIC (TLS inside), no HTTP/2 settings, no other wire beside it
        assertEquals(List.of(WireProtocol.H3), ServerProtocol.H3.wires());
        assertTrue(ServerProtocol.H3.secure() && ServerProtocol.H3.quic());
        assertFalse(ServerProtocol.H3.http2());
        assertFalse(ServerProtocol.H2.quic());
    }

    @Test
    void aTlsLessTargetServesEveryProtocolButH2AndH3() {
        assertEquals(List.of(ServerProtocol.HTTP11, ServerProtocol.H2C, ServerProtocol.HTTP11_H2C),
                ServerProtocol.cleartext());
        assertEquals("http1.1, h2c or http1.1+h2c", ServerProtocol.cleartextNames("or"));
        assertEquals("http1.1, h2c and http1.1+h2c", ServerProtocol.cleartextNames("and"));
    }

    @Test
    void parsesEveryNameAndRefusesNamingTheAcceptedOnes() {
        for (ServerProtocol p : ServerProtocol.values()) {
            assertEquals(p, ServerProtocol.of(p.label().toUpperCase(Locale.ROOT)));
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ServerProtocol.of("http3"));
        assertEquals("unknown protocol 'http3'; accepted: http1.1, h2c, h2, http1.1+h2c, h3", e.getMessage());
    }

    /**
     * A TLS-less target's lookup lists only what it serves: the full list offered h2 to 'serve netty --protocol x',
     * which 'serve netty --protocol h2' then refused. h2 itself is returned, for the target's own advice.
     */
    @Test
    void aTlsLessTargetsLookupRefusesWithTheCleartextNames() {
        for (ServerProtocol p : ServerProtocol.values()) {
            assertEquals(p, ServerProtocol.ofCleartext(" " + p.label().toUpperCase(Locale.ROOT)));
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ServerProtocol.ofCleartext("http3"));
        assertEquals("unknown protocol 'http3'; accepted: http1.1, h2c, http1.1+h2c", e.getMessage());
    }
}
