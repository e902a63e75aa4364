package dev.fluxlab.runner.build;

import java.util.List;
import java.util.Map;

/**
 * The coordinates of one build of the libraries: what a cell's version knobs ask for, with the Reactor Netty line's
 * defaults filled in.
 *
 * @param reactorNetty reactor-netty-http's version
 * @param netty        the Netty BOM's version
 * @param reactorCore  reactor-core's version; null = the one Reactor Netty depends on
 * @param natives      whether the linux-x86_64 native transports are put on the classpath
 * @param nettyExtra   further Netty artifacts ({@code artifact} or {@code artifact:classifier}) resolved at the BOM's
 *                     version: those a Boot module's classpath carries beyond what Reactor Netty depends on
 *                     ({@link BootClasspath}), so every Netty jar of it is replaced; empty for the lab's own code
 */
public record BuildRequest(String reactorNetty, String netty, String reactorCore, boolean natives,
                           List<String> nettyExtra) {

    public BuildRequest {
        nettyExtra = List.copyOf(nettyExtra);
    }

    /** A build of the libraries the lab's own code runs on (no further Netty artifacts). */
    public BuildRequest(String reactorNetty, String netty, String reactorCore, boolean natives) {
        this(reactorNetty, netty, reactorCore, natives, List.of());
    }

    /** The knob of Reactor Netty's version. */
    public static final String REACTOR_NETTY_KNOB = "reactor-netty-version";
    /** The knob of the Netty BOM's version. */
    public static final String NETTY_KNOB = "netty-version";
    /** The knob of reactor-core's version. */
    public static final String REACTOR_CORE_KNOB = "reactor-core-version";

    /** The line of {@link #reactorNetty} (checked when the request was made). */
    public ReactorLine line() {
        return ReactorLine.of(reactorNetty).orElseThrow();
    }

    /** The request a cell's knobs make, with the lab's release and its line's Netty for what they leave out. */
    public static BuildRequest of(Map<String, String> knobs) {
        String rn = knobs.getOrDefault(REACTOR_NETTY_KNOB, ReactorLine.LAB_RELEASE);
        String netty = knobs.get(NETTY_KNOB);
        if (netty == null) {
            netty = ReactorLine.of(rn).map(ReactorLine::defaultNetty).orElse(null);
        }
        return new BuildRequest(rn, netty, knobs.get(REACTOR_CORE_KNOB), true);
    }

    /**
     * This request without the native transports (a Netty whose natives do not resolve here): the further artifacts
     * with a classifier (native jars) are left out too.
     */
    public BuildRequest withoutNatives() {
        return new BuildRequest(reactorNetty, netty, reactorCore, false,
                nettyExtra.stream().filter(a -> !a.contains(":")).toList());
    }

    /** The cache's key: the coordinates and the further Netty artifacts. */
    public String cacheKey() {
        return coordinates() + (nettyExtra.isEmpty() ? "" : " with " + String.join(",", nettyExtra));
    }

    /** The coordinates in words, and the cache's key. */
    public String coordinates() {
        return "reactor-netty-http:" + reactorNetty + " netty-bom:" + netty
                + (reactorCore == null ? "" : " reactor-core:" + reactorCore) + (natives ? "" : " no-natives");
    }

    /** Whether a version of this build is a SNAPSHOT (re-resolved when its local files change). */
    public boolean snapshot() {
        return (reactorNetty + netty + reactorCore).contains("SNAPSHOT");
    }
}
