package dev.fluxlab.model;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The library releases a system under test reports it loaded, as readiness attributes ({@code reactor-netty=1.2.18
 * netty=4.1.135.Final}, {@code spring-boot=3.5.7}): read by the target from the jars themselves, so a run records
 * which stack really answered, not which one a knob asked for. The runner copies them into each process's
 * {@code versions} in results.json.
 */
public final class StackVersions {

    /** Reactor Netty's release, from its jar's manifest. */
    public static final String REACTOR_NETTY = "reactor-netty";
    /** Netty's release, from its {@code META-INF/io.netty.versions.properties}. */
    public static final String NETTY = "netty";
    /** Spring Boot's release (the Spring targets). */
    public static final String SPRING_BOOT = "spring-boot";
    /** Every readiness attribute that names a loaded release, in display order. */
    public static final List<String> KEYS = List.of(REACTOR_NETTY, NETTY, SPRING_BOOT);

    private StackVersions() {
    }

    /** The releases among {@code readiness}'s attributes, in {@link #KEYS} order; null when it names none. */
    public static Map<String, String> of(Map<String, String> readiness) {
        if (readiness == null) {
            return null;
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (String k : KEYS) {
            String v = readiness.get(k);
            if (v != null) {
                out.put(k, v);
            }
        }
        return out.isEmpty() ? null : out;
    }
}
