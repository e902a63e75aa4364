package dev.fluxlab.targets.reactor.version;

import dev.fluxlab.model.StackVersions;
import io.netty.util.Version;
import java.util.LinkedHashMap;
import java.util.Map;
import reactor.netty.http.server.HttpServer;

/**
 * The Reactor Netty and Netty releases this JVM really loaded, read from the jars themselves (Reactor Netty's manifest
 * {@code Implementation-Version}, Netty's {@code META-INF/io.netty.versions.properties} through
 * {@link Version#identify}), never from what was asked for. The readiness line carries them, and a server told which
 * Reactor Netty release it must run ({@code --reactor-netty-version}) refuses to start on another.
 */
public final class LoadedVersions {

    private static final String UNKNOWN = "unknown";

    private LoadedVersions() {
    }

    /** Reactor Netty's release, e.g. {@code 1.3.8}; {@code unknown} when its jar carries no version. */
    public static String reactorNetty() {
        String v = HttpServer.class.getPackage().getImplementationVersion();
        return v == null ? UNKNOWN : v;
    }

    /** Netty's release, e.g. {@code 4.2.18.Final}, as netty-common declares it; {@code unknown} when it declares none. */
    public static String netty() {
        Version v = Version.identify(HttpServer.class.getClassLoader()).get("netty-common");
        return v == null ? UNKNOWN : v.artifactVersion();
    }

    /** reactor-core's release, from its jar's manifest ({@code Implementation-Version}); {@code unknown} without. */
    public static String reactorCore() {
        String v = reactor.core.publisher.Flux.class.getPackage().getImplementationVersion();
        return v == null ? UNKNOWN : v;
    }

    /**
     * Checks that this JVM runs Netty {@code netty} and reactor-core {@code reactorCore} (null: any), as
     * {@link #require} does for Reactor Netty.
     *
     * @throws IllegalArgumentException naming what was asked and what was loaded
     */
    public static void requireLibraries(String netty, String reactorCore) {
        if (netty != null && !netty.equals(netty())) {
            throw new IllegalArgumentException("--netty-version " + netty + " was asked for, but this classpath runs "
                    + "Netty " + netty() + "; 'fluxlab run' resolves the classpath from the knob (runner.build)");
        }
        if (reactorCore != null && !reactorCore.equals(reactorCore())) {
            throw new IllegalArgumentException("--reactor-core-version " + reactorCore + " was asked for, but this "
                    + "classpath runs reactor-core " + reactorCore() + "; 'fluxlab run' resolves the classpath from "
                    + "the knob (runner.build)");
        }
    }

    /** The readiness attributes {@code reactor-netty=... netty=...} ({@link StackVersions}). */
    public static Map<String, String> readinessAttributes() {
        Map<String, String> a = new LinkedHashMap<>();
        a.put(StackVersions.REACTOR_NETTY, reactorNetty());
        a.put(StackVersions.NETTY, netty());
        return a;
    }

    /**
     * Checks that this JVM runs Reactor Netty {@code expected} (null: any).
     *
     * @throws IllegalArgumentException naming both releases when it runs another one
     */
    public static void require(String expected) {
        String loaded = reactorNetty();
        if (expected != null && !expected.equals(loaded)) {
            throw new IllegalArgumentException("--reactor-netty-version " + expected + " was asked for, but this "
                    + "classpath runs Reactor Netty " + loaded + " (Netty " + netty() + "); each release runs from its "
                    + "own classpath, which 'fluxlab run' picks from the knob (targets.yaml)");
        }
    }

    /**
     * Checks that this JVM's Reactor Netty serves HTTP/3 with Netty's QUIC codec: 1.3 and later (Netty 4.2); on 1.2
     * (Netty 4.1) HTTP/3 was an incubator the lab does not carry.
     *
     * @throws IllegalArgumentException naming the release loaded and the one to use
     */
    public static void requireHttp3() {
        requireHttp3(reactorNetty());
    }

    static void requireHttp3(String loaded) {
        String[] parts = loaded.split("\\.");
        try {
            int major = Integer.parseInt(parts[0]);
            int minor = parts.length > 1 ? Integer.parseInt(parts[1]) : 0;
            if (major > 1 || (major == 1 && minor >= 3)) {
                return;
            }
        } catch (NumberFormatException e) {
            return; // a release that names itself oddly: the server's own start-up says whether it can
        }
        throw new IllegalArgumentException("protocol h3 needs Reactor Netty 1.3 or later (HTTP/3 on Netty 4.2's QUIC "
                + "codec); this classpath runs Reactor Netty " + loaded + " (Netty " + netty() + "); use "
                + "reactor-netty-version 1.3.8 for h3");
    }
}
