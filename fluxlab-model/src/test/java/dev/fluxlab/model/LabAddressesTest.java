package dev.fluxlab.model;

import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The lab's address rule: loopback, or a suite host's address; IP literals only, never a looked-up name. */
class LabAddressesTest {

    @Test
    void aHostIsPermittedWhenLoopbackOrOneOfTheSuiteHosts() {
        List<String> hosts = List.of("10.213.71.12", "fd00::12", "not-an-address");
        assertTrue(LabAddresses.permits("localhost", List.of()));
        assertTrue(LabAddresses.permits("127.0.0.2", List.of()));
        assertTrue(LabAddresses.permits("[::1]", List.of()), "a URL's bracketed IPv6 literal");
        assertTrue(LabAddresses.permits("10.213.71.12", hosts));
        assertTrue(LabAddresses.permits("[fd00:0:0:0:0:0:0:12]", hosts), "the same address written out");
        assertFalse(LabAddresses.permits("10.213.71.13", hosts));
        assertFalse(LabAddresses.permits("not-an-address", hosts), "a name is never looked up");
        assertFalse(LabAddresses.permits("example.org", hosts));
        assertFalse(LabAddresses.permits((String) null, hosts));
    }

    @Test
    void anAddressIsALiteralParsedNeverANameLookedUp() throws Exception {
        assertEquals(InetAddress.getByName("10.0.0.1"), LabAddresses.address("10.0.0.1").orElseThrow());
        assertTrue(LabAddresses.address("localhost").isEmpty());
        assertTrue(LabAddresses.address(null).isEmpty());
        assertEquals(2, LabAddresses.suiteHosts(" 10.0.0.1, fd00::1 ,name").size());
        assertTrue(LabAddresses.suiteHosts(null).isEmpty());
    }
}
