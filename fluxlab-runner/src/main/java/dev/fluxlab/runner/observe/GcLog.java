package dev.fluxlab.runner.observe;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * GC pauses from a unified-logging file written with {@code -Xlog:gc:file=<f>:uptime,level,tags}: lines like
 * {@code [2.345s][info][gc] GC(7) Pause Young (Normal) (G1 Evacuation Pause) 25M->3M(256M) 1.234ms}.
 * Pauses are counted inside a window of JVM uptime seconds.
 */
public final class GcLog {

    /** Pauses and their total length; {@code scope} says which part of the run they cover. */
    public record Pauses(long count, double totalMs, String scope) {
    }

    private static final Pattern PAUSE = Pattern.compile("^\\[(\\d+(?:[.,]\\d+)?)s\\].*\\bPause\\b.*?(\\d+(?:[.,]\\d+)?)ms\\s*$");

    private GcLog() {
    }

    /**
     * JVM options that make a target write the file this class reads. ZGC logs its (short) pauses only under
     * {@code gc+phases}; the other collectors name theirs under {@code gc}.
     */
    public static List<String> options(Path file, String gc) {
        String tags = "ZGC".equalsIgnoreCase(gc) ? "gc,gc+phases" : "gc";
        return List.of("-Xlog:" + tags + ":file=" + file.toAbsolutePath() + ":uptime,level,tags");
    }

    /**
     * Pauses whose start lies in [{@code from}, {@code to}] JVM-uptime seconds; pass NaN bounds for the whole run.
     * Returns null when the file is missing.
     */
    public static Pauses parse(Path file, double from, double to) {
        if (file == null || !Files.isReadable(file)) {
            return null;
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            return null;
        }
        return parse(lines, from, to);
    }

    public static Pauses parse(List<String> lines, double from, double to) {
        boolean window = !Double.isNaN(from) && !Double.isNaN(to);
        long n = 0;
        double total = 0;
        for (String l : lines) {
            Matcher m = PAUSE.matcher(l);
            if (!m.matches()) {
                continue;
            }
            double ms = Double.parseDouble(m.group(2).replace(',', '.'));
            // the line is written at the pause's end: its start is uptime - duration
            double start = Double.parseDouble(m.group(1).replace(',', '.')) - ms / 1000;
            if (window && (start < from || start > to)) {
                continue;
            }
            n++;
            total += ms;
        }
        return new Pauses(n, Math.round(total * 1000) / 1000.0, window ? "measured" : "whole-run");
    }
}
