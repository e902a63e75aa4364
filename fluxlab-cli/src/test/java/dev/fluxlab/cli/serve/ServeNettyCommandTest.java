package dev.fluxlab.cli.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@code fluxlab serve netty} refuses a protocol it does not serve with the ones it does, and starts nothing. */
class ServeNettyCommandTest {

    /** The unknown name's list named h2, which the next try then got refused ("not h2 (TLS)"). */
    @Test
    void anUnknownProtocolIsRefusedWithTheProtocolsItServes() {
        ServeReactorNettyCommandTest.Result r = ServeReactorNettyCommandTest.run("serve", "netty", "--protocol", "x");
        assertEquals(2, r.exitCode(), r.err());
        assertEquals("fluxlab serve netty: --protocol: unknown protocol 'x'; accepted: http1.1, h2c, http1.1+h2c\n",
                r.err());
        assertEquals("", r.out());
        ServeReactorNettyCommandTest.Result h2 = ServeReactorNettyCommandTest.run("serve", "netty", "--protocol", "h2");
        assertEquals(2, h2.exitCode(), h2.err());
        assertTrue(h2.err().startsWith("fluxlab: the netty target serves http1.1, h2c and http1.1+h2c, not h2 (TLS); "
                + "use reactor-netty for h2"), h2.err());
        assertEquals("", h2.out());
    }
}
