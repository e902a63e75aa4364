package dev.fluxlab.runner.inject;

import dev.fluxlab.model.inject.Capability;
import dev.fluxlab.model.load.LoadResult;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * An external load tool run as a peer of fluxlab's injector: it turns a {@link LoadRequest} into the tool's command
 * line and the tool's text output back into a {@code fluxlab.load/1} document, so its cells sit in the same tables.
 * Driven by {@code drive.ExternalToolDriver} (an unrecorded warm-up run, then the measured run). Implementations are
 * stateless.
 */
public non-sealed interface ExternalInjector extends LoadTool {

    /** The executable looked up on PATH. */
    String executable();

    /** The Debian package that installs {@link #executable()}. */
    String debianPackage();

    /**
     * How to install {@link #executable()}, as the missing-tool message says it after "install": by default Debian's
     * package; a tool Debian does not ship (oha) says its own way.
     */
    default String install() {
        return "Debian's package " + debianPackage() + " (apt-get install " + debianPackage() + ")";
    }

    /**
     * The arguments that make the tool print its version on its first line (checked on a suite host before any cell:
     * {@code host.HostTools}); {@code --version} unless the tool says otherwise.
     */
    default List<String> versionArgs() {
        return List.of("--version");
    }

    /** Not on PATH: the Debian package to install ({@link ExternalInjectors#missing}). */
    @Override
    default Optional<String> notInstalled(Predicate<String> built) {
        return ExternalInjectors.locate(executable()).isPresent() ? Optional.empty()
                : Optional.of(ExternalInjectors.missing(this));
    }

    /** Whether the tool can send a fixed number of requests ({@code -n}) instead of loading for a duration. */
    default boolean countsRequests() {
        return traits().can(Capability.REQUEST_COUNT);
    }

    /** Threads the tool always runs whatever the profile says (ab: 1), or null: the profile's {@code threads}. */
    default Integer fixedThreads() {
        return null;
    }

    /**
     * Whether the tool asks for HTTP/1.0 keep-alive, which a target may not honour (ab's {@code -k}): the runner then
     * runs it without, and says so.
     */
    default boolean http10KeepAlive() {
        return false;
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
