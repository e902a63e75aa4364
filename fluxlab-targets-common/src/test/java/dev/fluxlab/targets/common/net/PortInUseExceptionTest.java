package dev.fluxlab.targets.common.net;

import org.junit.jupiter.api.Test;

import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Only a busy port is a bind conflict: an address this machine lacks keeps its own words. */
class PortInUseExceptionTest {

    @Test
    void aBusyPortIsAConflict() throws Exception {
        try (ServerSocket first = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            BindException e = assertThrows(BindException.class, () -> {
                try (ServerSocket second = new ServerSocket()) {
                    second.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), first.getLocalPort()));
                }
            });
            assertTrue(PortInUseException.isBindConflict(new RuntimeException(e)), e.getMessage());
        }
    }

    /** 192.0.2.77 (TEST-NET-1) is on no interface here: EADDRNOTAVAIL, not "port 0 is in use". */
    @Test
    void anAddressThisMachineLacksIsNot() {
        BindException e = assertThrows(BindException.class, () -> {
            try (ServerSocket s = new ServerSocket()) {
                s.bind(new InetSocketAddress(InetAddress.getByName("192.0.2.77"), 0));
            }
        });
        assertFalse(PortInUseException.isBindConflict(e), e.getMessage());
    }
}
