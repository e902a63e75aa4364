package dev.fluxlab.targets.common.tls;

import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * The lab's TLS identity: an ECDSA P-256 key and a self-signed certificate for {@code localhost}, {@code 127.0.0.1}
 * and {@code ::1}, generated in memory at start-up (nothing on disk, nothing checked in). Clients trust it with
 * {@code --insecure}, or, in tests, by trusting {@link #certificate()} itself. P-256 keeps handshakes cheap, so TLS
 * set-up does not dominate short measurements.
 *
 * @param privateKey  the server's private key
 * @param certificate the self-signed certificate
 */
public record SelfSignedCertificate(PrivateKey privateKey, X509Certificate certificate) {

    /** Generates a fresh key and certificate valid from an hour ago for {@code validity}. */
    public static SelfSignedCertificate generate(Duration validity) {
        try {
            KeyPairGenerator kpg = KeyPairGenerator.getInstance("EC");
            kpg.initialize(new ECGenParameterSpec("secp256r1"), new SecureRandom());
            KeyPair keyPair = kpg.generateKeyPair();
            X500Name subject = new X500Name("CN=localhost, O=fluxlab lab certificate");
            Instant now = Instant.now();
            X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(subject,
                    new BigInteger(64, new SecureRandom()).abs().add(BigInteger.ONE),
                    Date.from(now.minus(Duration.ofHours(1))), Date.from(now.plus(validity)),
                    subject, keyPair.getPublic());
            builder.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(new GeneralName[]{
                    new GeneralName(GeneralName.dNSName, "localhost"),
                    new GeneralName(GeneralName.iPAddress, "127.0.0.1"),
                    new GeneralName(GeneralName.iPAddress, "::1")}));
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
            X509Certificate cert = new JcaX509CertificateConverter().getCertificate(
                    builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(keyPair.getPrivate())));
            return new SelfSignedCertificate(keyPair.getPrivate(), cert);
        } catch (GeneralSecurityException | OperatorCreationException | java.io.IOException e) {
            throw new IllegalStateException("cannot generate the self-signed certificate: " + e, e);
        }
    }

    /** A certificate valid for 30 days. */
    public static SelfSignedCertificate generate() {
        return generate(Duration.ofDays(30));
    }
}
