package dev.fluxlab.targets.reactor.version;

import picocli.CommandLine.Option;

/**
 * The library releases a Reactor Netty family program must find on its classpath besides Reactor Netty's own
 * ({@code --netty-version}, {@code --reactor-core-version}; each command words its {@code --reactor-netty-version}, as
 * the releases it runs differ): the runner passes them from the target's version knobs, whose values also pick the
 * classpath (a built-in stack or a build resolved before the run), and the program refuses to start on another,
 * reading what it loaded from the jars ({@link LoadedVersions}).
 */
public final class LibraryVersionOptions {

    @Option(names = "--netty-version", paramLabel = "VERSION",
            description = "The Netty release this program must run (netty-common's, e.g. 4.2.18.Final); refused when "
                    + "the classpath carries another (default: whatever the classpath carries).")
    String netty;

    @Option(names = "--reactor-core-version", paramLabel = "VERSION",
            description = "The reactor-core release this program must run (its jar's Implementation-Version); refused "
                    + "when the classpath carries another (default: whatever the classpath carries).")
    String reactorCore;

    /**
     * Checks the loaded releases against the ones asked for: Reactor Netty {@code reactorNetty} (null: any) and these.
     *
     * @throws IllegalArgumentException naming what was asked for and what was loaded
     */
    public void require(String reactorNetty) {
        LoadedVersions.require(reactorNetty);
        LoadedVersions.requireLibraries(netty, reactorCore);
    }

    /** The description of a {@code --reactor-netty-version} option that takes builds of the 1.3 line only. */
    public static final String LINE_1_3 = "The Reactor Netty release this program must run (its jar's "
            + "Implementation-Version: 1.3.8, the lab's, or a 1.3.x build 'fluxlab run' resolved, such as 1.3.9-SNAPSHOT); "
            + "refused when the classpath carries another (default: whatever the classpath carries).";
}
