package dev.fluxlab.cli.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@code fluxlab serve netty} refuses a protocol it does not serve with the ones it does, and starts nothing. */
class ServeNettyCommandTest {

    @Test
    void anUnknownProtocolIsRefusedWithTheProtocolsItServes() {
        ServeReactorNettyCommandTest.Result r = ServeReactorNettyCommandTest.run("serve", "netty", "--protocol", "x");
        assertEquals(2, r.exitCode(), r.err());
        assertEquals("fluxlab serve netty: --protocol: unknown protocol 'x'; accepted: http1.1, h2c, h2, http1.1+h2c, "
                + "h3\n", r.err());
        assertEquals("", r.out());
    }

    /** h3 takes no TCP setting: one line naming it, nothing started. */
    @Test
    void aTcpSettingWithH3IsRefused() {
        ServeReactorNettyCommandTest.Result r = ServeReactorNettyCommandTest.run("serve", "netty", "--protocol", "h3",
                "--backlog", "64");
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().contains("--backlog is a TCP setting; protocol h3 serves QUIC on one UDP socket"), r.err());
        assertEquals("", r.out());
    }
}
