package dev.fluxlab.targets.common.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class SelfSignedCertificateTest {

    @Test
    void coversLoopbackNamesAndVerifiesWithItsOwnKey() throws Exception {
        SelfSignedCertificate c = SelfSignedCertificate.generate();
        c.certificate().checkValidity();
        c.certificate().verify(c.certificate().getPublicKey());
        assertEquals("EC", c.privateKey().getAlgorithm());
        List<String> names = c.certificate().getSubjectAlternativeNames().stream()
                .map(san -> String.valueOf(san.get(1))).toList();
        assertTrue(names.contains("localhost") && names.contains("127.0.0.1"), names.toString());
    }
}
