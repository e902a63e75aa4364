package dev.fluxlab.runner.inject;

import dev.fluxlab.model.load.LoadResult;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * An external load tool run as a peer of fluxlab's injector: it turns a {@link LoadRequest} into the tool's command
 * line and the tool's text output back into a {@code fluxlab.load/1} document, so its cells sit in the same tables.
 * Implementations are stateless.
 */
public interface ExternalInjector {

    /** The name a load profile uses ({@code injector: wrk}). */
    String name();

    /** The executable looked up on PATH. */
    String executable();

    /** The Debian package that installs {@link #executable()}. */
    String debianPackage();

    /** Why this tool cannot run {@code request} as asked (e.g. HTTP/2 with wrk), or empty. */
    Optional<String> unsupported(String protocol, int inFlight, String method);

    /** Whether the tool can send a fixed number of requests ({@code -n}) instead of loading for a duration. */
    default boolean countsRequests() {
        return true;
    }

    /** The command line for one run; may write helper files (a Lua script) into {@link LoadRequest#workDir()}. */
    List<String> command(String executablePath, LoadRequest request) throws IOException;

    /**
     * Parses the tool's complete output of one measured run. CPU fields are left at zero: the runner measures the
     * tool's process and fills them in.
     *
     * @throws IllegalArgumentException when the output carries no result (the message says what the tool said)
     */
    LoadResult parse(String output, LoadRequest request);

    /** Whether the tool prints its latency in whole milliseconds (ab), where a percentile of 0 is a fast response. */
    default boolean wholeMillis() {
        return false;
    }

    /** Notes for the user about how this tool was driven (printed into the injector log), may be empty. */
    default List<String> notes(LoadRequest request) {
        return List.of();
    }
}
