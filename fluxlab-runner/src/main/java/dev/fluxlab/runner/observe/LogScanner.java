package dev.fluxlab.runner.observe;

import dev.fluxlab.model.run.LogFinding;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Reads a process log for trouble: the known signs of reactive-stack bugs under load
 * ({@code IllegalReferenceCountException}, {@code LEAK:}, {@code Http2Exception}, {@code OutOfMemoryError},
 * {@code PrematureCloseException}), then any other exception or error that starts a stack trace.
 * Each kind is counted and keeps the first lines of its first occurrence.
 */
public final class LogScanner {

    /** Kinds searched for anywhere in a line, in priority order. */
    public static final List<String> KNOWN = List.of("OutOfMemoryError", "IllegalReferenceCountException", "LEAK:",
            "Http2Exception", "PrematureCloseException");
    /** Kinds that make a cell invalid on their own. */
    public static final List<String> FATAL = List.of("OutOfMemoryError");

    private static final int FIRST_LINES = 8;
    private static final Pattern THROWABLE = Pattern.compile("([A-Za-z_$][\\w$]*(?:\\.[A-Za-z_$][\\w$]*)*(?:Exception|Error))\\b");
    private static final Pattern FRAME = Pattern.compile("^\\s+at \\S+.*");

    private LogScanner() {
    }

    public static List<LogFinding> scan(String process, Path log) {
        return scan(process, log, 0);
    }

    /**
     * Scans what {@code log} holds from byte {@code from} on: a target shared by several cells keeps one log, and
     * each cell must count only what was written while it ran.
     */
    public static List<LogFinding> scan(String process, Path log, long from) {
        return scan(process, log, from, Long.MAX_VALUE);
    }

    /**
     * Scans what {@code log} holds from byte {@code from} to byte {@code until} (exclusive; {@link Long#MAX_VALUE}: to
     * its end): the runner stops scanning a target's log where it stood when the load was over.
     */
    public static List<LogFinding> scan(String process, Path log, long from, long until) {
        if (log == null || !Files.isReadable(log)) {
            return List.of();
        }
        try (var in = Files.newInputStream(log)) {
            long size = Files.size(log);
            long start = Math.min(from, size);
            in.skipNBytes(start);
            long end = Math.max(start, Math.min(until, size));
            String text = new String(in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, end - start)),
                    StandardCharsets.UTF_8);
            return scan(process, text.lines().toList());
        } catch (IOException | java.io.UncheckedIOException e) {
            return List.of();
        }
    }

    /** The current size of {@code log}: where a later {@link #scan(String, Path, long)} should start. */
    public static long position(Path log) {
        try {
            return log != null && Files.exists(log) ? Files.size(log) : 0;
        } catch (IOException e) {
            return 0;
        }
    }

    public static List<LogFinding> scan(String process, List<String> lines) {
        Map<String, long[]> counts = new LinkedHashMap<>();
        Map<String, List<String>> first = new LinkedHashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            String kind = kindOf(line, i + 1 < lines.size() ? lines.get(i + 1) : null);
            if (kind == null) {
                continue;
            }
            counts.computeIfAbsent(kind, k -> new long[1])[0]++;
            if (!first.containsKey(kind)) {
                first.put(kind, List.copyOf(lines.subList(i, Math.min(lines.size(), i + FIRST_LINES))));
            }
        }
        List<LogFinding> out = new ArrayList<>();
        counts.forEach((k, c) -> out.add(new LogFinding(process, k, c[0], first.get(k))));
        return out;
    }

    private static String kindOf(String line, String next) {
        String trimmed = line.stripLeading();
        if (FRAME.matcher(line).matches() || trimmed.startsWith("... ")) {
            return null; // a stack frame, counted with its head
        }
        boolean cause = trimmed.startsWith("Caused by:") || trimmed.startsWith("Suppressed:");
        for (String k : KNOWN) {
            if (line.contains(k)) {
                return cause && !k.equals("OutOfMemoryError") ? null : k;
            }
        }
        if (cause || next == null || !FRAME.matcher(next).matches()) {
            return null;
        }
        Matcher m = THROWABLE.matcher(line);
        if (!m.find()) {
            return null;
        }
        String name = m.group(1);
        return name.substring(name.lastIndexOf('.') + 1);
    }

    /** Merges findings of several repeats: counts add up, the first occurrence is kept. */
    public static List<LogFinding> merge(List<LogFinding> all) {
        Map<String, LogFinding> byKey = new LinkedHashMap<>();
        for (LogFinding f : all) {
            byKey.merge(f.process() + "\u0000" + f.kind(), f,
                    (a, b) -> new LogFinding(a.process(), a.kind(), a.count() + b.count(), a.firstLines()));
        }
        return new ArrayList<>(byKey.values());
    }
}
