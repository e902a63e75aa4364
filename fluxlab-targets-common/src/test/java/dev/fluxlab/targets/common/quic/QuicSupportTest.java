package dev.fluxlab.targets.common.quic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The check an h3 target makes before it binds, and the one line it refuses with. */
class QuicSupportTest {

    /** Stands in for Netty's {@code Quic} on a machine whose native library does not load. */
    public static final class UnloadableQuic {
        public static boolean isAvailable() {
            return false;
        }

        public static Throwable unavailabilityCause() {
            return new IllegalStateException("wrapper",
                    new UnsatisfiedLinkError("no netty_quiche42_linux_aarch_64 in java.library.path\n(second line)"));
        }
    }

    /** Stands in for Netty's {@code Quic} where it loads. */
    public static final class LoadableQuic {
        public static boolean isAvailable() {
            return true;
        }

        public static Throwable unavailabilityCause() {
            return null;
        }
    }

    private static final ClassLoader LOADER = QuicSupportTest.class.getClassLoader();

    @Test
    void aLibraryThatDoesNotLoadIsNamedWithItsRootCauseOnOneLine() {
        Optional<String> p = QuicSupport.problem(UnloadableQuic.class.getName(), LOADER);
        assertTrue(p.isPresent());
        assertTrue(p.get().startsWith("Netty's native QUIC library (netty-codec-native-quic) does not load on "), p.get());
        assertTrue(p.get().endsWith("UnsatisfiedLinkError: no netty_quiche42_linux_aarch_64 in java.library.path "
                + "(second line)"), p.get());
        String refusal = new QuicUnavailableException(p.get()).getMessage();
        assertTrue(refusal.startsWith("protocol h3 (HTTP/3) cannot be served here: Netty's native QUIC library"),
                refusal);
        assertTrue(refusal.endsWith("use h2 (HTTP/2 over TLS) on this machine"), refusal);
        assertFalse(refusal.contains("\n"), refusal);
    }

    @Test
    void missingQuicClassesAreNamed() {
        assertEquals(Optional.of("Netty's QUIC classes (netty-codec-classes-quic, Netty 4.2) are not on this "
                + "classpath"), QuicSupport.problem("io.netty.handler.codec.quic.NoSuchQuic", LOADER));
    }

    @Test
    void aLoadableLibraryIsNoProblem() {
        assertEquals(Optional.empty(), QuicSupport.problem(LoadableQuic.class.getName(), LOADER));
    }

    @Test
    void aQuicClientsRefusalSaysWhatItWasAndWhatToDoInstead() {
        String refusal = new QuicUnavailableException("--backend-protocol h3 (HTTP/3 to the backend) cannot be used "
                + "here", "no library", "use --backend-protocol h2").getMessage();
        assertEquals("--backend-protocol h3 (HTTP/3 to the backend) cannot be used here: no library; the lab carries "
                + "the library for linux-x86_64 only (netty-codec-native-quic's linux-x86_64 jar on the classpath): "
                + "without it, use --backend-protocol h2", refusal);
        // a server's refusal is worded as before
        assertTrue(QuicSupport.refusal("no library").startsWith("protocol h3 (HTTP/3) cannot be served here: "
                + "no library; "), QuicSupport.refusal("no library"));
    }
}
