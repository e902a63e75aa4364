package dev.fluxlab.runner.build;

import java.util.List;
import java.util.Optional;

/**
 * A Reactor Netty line the lab's target code runs on: its sources compile against the 1.3 API (Netty 4.2) and run on
 * 1.2 (Netty 4.1) through the {@code NettyLine} adapter, as the built-in {@code 1.2.18} classpath does. Any other line
 * (1.1, 2.x) is refused: the code would not link.
 *
 * @param prefix       the versions of the line ({@code 1.3.})
 * @param nettyPrefix  the Netty line it needs ({@code 4.2.})
 * @param defaultNetty the Netty BOM the lab runs the line on, whose linux-x86_64 natives resolve here
 * @param natives      the linux-x86_64 native transports of that Netty line
 */
public record ReactorLine(String prefix, String nettyPrefix, String defaultNetty, List<String> natives) {

    /** Reactor Netty 1.3.x on Netty 4.2: the lab's own line. */
    public static final ReactorLine V1_3 = new ReactorLine("1.3.", "4.2.", "4.2.18.Final",
            List.of("netty-transport-native-epoll", "netty-transport-native-io_uring"));
    /** Reactor Netty 1.2.x on Netty 4.1 (no io_uring on that line). */
    public static final ReactorLine V1_2 = new ReactorLine("1.2.", "4.1.", "4.1.135.Final",
            List.of("netty-transport-native-epoll"));
    /** The lab's own Reactor Netty release (its classpath), the default of the knob. */
    public static final String LAB_RELEASE = "1.3.8";
    /** What is supported, for refusals. */
    public static final String SUPPORTED = "the lab's Reactor Netty targets run 1.3.x (on Netty 4.2.x, the API they "
            + "compile against) and 1.2.x (on Netty 4.1.x, the same code through its NettyLine adapter)";

    /** The line of Reactor Netty {@code version}; empty when the lab's code cannot run on it. */
    public static Optional<ReactorLine> of(String version) {
        return List.of(V1_3, V1_2).stream().filter(l -> version.startsWith(l.prefix())).findFirst();
    }

    /** The line's name, e.g. {@code 1.3.x}. */
    public String label() {
        return prefix + "x";
    }
}
