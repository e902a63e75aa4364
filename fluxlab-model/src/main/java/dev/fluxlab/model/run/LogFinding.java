package dev.fluxlab.model.run;

import java.util.List;

/**
 * A class of trouble found in a process log (e.g. {@code IllegalReferenceCountException},
 * {@code LEAK:}, {@code Http2Exception}, {@code OutOfMemoryError}, any {@code Exception}), with how often
 * it appeared and the first lines of its first occurrence.
 */
public record LogFinding(String process, String kind, long count, List<String> firstLines) {
}
