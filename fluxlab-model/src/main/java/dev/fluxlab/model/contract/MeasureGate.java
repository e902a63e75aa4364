package dev.fluxlab.model.contract;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The start barrier of several injectors loading one cell ({@code fluxlab load --measure-gate FILE}): each injector
 * runs its own warm-up, prints {@link #WAITING_LINE} when it is over and keeps loading, unrecorded, until {@code FILE}
 * exists; then its measured phase starts. The runner creates the file once every injector has printed the line, so
 * their measured windows start together (each polls every {@value #POLL_MS} ms, so they start within a few
 * milliseconds of each other; the documents' {@code measure_start_ms} record by how much). A file rather than a line
 * on standard input, because the runner's children read {@code /dev/null} there and the file also works for a process
 * reached through ssh's own input handling.
 */
public record MeasureGate(Path file) {

    /** The line an injector prints on standard output when its warm-up is over and it waits at the gate. */
    public static final String WAITING_LINE = "fluxlab-gate-waiting";
    /** How often a waiting injector looks for the file. */
    public static final long POLL_MS = 1;

    /** Whether the gate is open (the runner created the file). */
    public boolean isOpen() {
        return Files.exists(file);
    }

    /** Opens the gate for every injector waiting at it. */
    public void open() throws IOException {
        Files.writeString(file, "go\n");
    }
}
