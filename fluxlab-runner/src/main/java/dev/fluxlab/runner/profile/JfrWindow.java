package dev.fluxlab.runner.profile;

import jdk.jfr.consumer.RecordingFile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The JDK Flight Recorder part of the {@code jfr} mode: a recording with the JDK's {@code profile} settings from the
 * JVM's start to its exit (its repository inside the cell folder, so nothing is written elsewhere), cut to the events
 * that overlap the measured window with the JDK's own {@link RecordingFile#write} once the JVM has exited.
 */
final class JfrWindow {

    private JfrWindow() {
    }

    /** The JVM options of a process recorded to {@code life}, its chunks kept in {@code repository}. */
    static List<String> options(Path life, Path repository) {
        try {
            Files.createDirectories(repository);
        } catch (IOException e) {
            // the JVM reports an unusable repository itself
        }
        return List.of("-XX:FlightRecorderOptions=repository=" + repository,
                "-XX:StartFlightRecording=settings=profile,dumponexit=true,filename=" + life);
    }

    /** Writes the events of {@code life} that overlap {@code from}..{@code to} to {@code out}. */
    static void cut(Path life, Path out, Instant from, Instant to) throws IOException {
        try (RecordingFile f = new RecordingFile(life)) {
            f.write(out, e -> !e.getEndTime().isBefore(from) && !e.getStartTime().isAfter(to));
        }
    }

    /** Removes the whole-life recording and the repository once the window is cut. */
    static void deleteQuietly(Path life, Path repository) {
        try {
            Files.deleteIfExists(life);
            if (Files.isDirectory(repository)) {
                try (Stream<Path> s = Files.walk(repository)) {
                    for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                        Files.deleteIfExists(p);
                    }
                }
            }
        } catch (IOException e) {
            // leftovers stay in the cell folder
        }
    }
}
