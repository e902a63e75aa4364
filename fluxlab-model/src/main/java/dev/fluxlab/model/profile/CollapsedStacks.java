package dev.fluxlab.model.profile;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A profile in the collapsed-stacks format async-profiler writes ({@code frame;frame;leaf count}, one stack a line,
 * outermost frame first), and the arithmetic the report and {@code compare} do on it: self time per frame (the leaf
 * frame of each stack), the top frames by self time, and the change of each frame's share between two profiles.
 *
 * @param stacks stack -> samples (stacks seen twice are added up)
 */
public record CollapsedStacks(Map<String, Long> stacks) {

    /** Parses collapsed stacks; blank lines and lines without a trailing sample count are skipped. */
    public static CollapsedStacks parse(String text) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            String l = line.strip();
            int space = l.lastIndexOf(' ');
            if (space <= 0) {
                continue;
            }
            try {
                long n = Long.parseLong(l.substring(space + 1));
                if (n > 0) {
                    out.merge(l.substring(0, space), n, Long::sum);
                }
            } catch (NumberFormatException e) {
                // not a stack line
            }
        }
        return new CollapsedStacks(out);
    }

    /** Reads a collapsed-stacks file. */
    public static CollapsedStacks read(Path file) throws IOException {
        return parse(Files.readString(file, StandardCharsets.UTF_8));
    }

    /** Every sample of the profile. */
    public long total() {
        return stacks.values().stream().mapToLong(Long::longValue).sum();
    }

    /** Samples per frame with that frame on top of the stack (its self time). */
    public Map<String, Long> selfSamples() {
        Map<String, Long> self = new HashMap<>();
        stacks.forEach((stack, n) -> self.merge(leaf(stack), n, Long::sum));
        return self;
    }

    /** The {@code n} frames with the most self time, most first (ties by name), with their share of all samples. */
    public List<FrameShare> top(int n) {
        long total = total();
        return selfSamples().entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .limit(n)
                .map(e -> new FrameShare(e.getKey(), e.getValue(), (double) e.getValue() / total))
                .toList();
    }

    /** Each frame's self-time share, 0..1 (empty for an empty profile). */
    public Map<String, Double> selfShares() {
        long total = total();
        Map<String, Double> out = new HashMap<>();
        if (total > 0) {
            selfSamples().forEach((f, n) -> out.put(f, (double) n / total));
        }
        return out;
    }

    /**
     * Frames of {@code a} and {@code b} ranked by how much their self-time share changed from A to B (largest change
     * first, either way), at most {@code n}.
     */
    public static List<FrameChange> changes(CollapsedStacks a, CollapsedStacks b, int n) {
        Map<String, Double> sa = a.selfShares();
        Map<String, Double> sb = b.selfShares();
        Set<String> frames = new HashSet<>(sa.keySet());
        frames.addAll(sb.keySet());
        List<FrameChange> out = new ArrayList<>();
        for (String f : frames) {
            out.add(new FrameChange(f, sa.getOrDefault(f, 0.0), sb.getOrDefault(f, 0.0)));
        }
        out.sort(Comparator.comparingDouble((FrameChange c) -> -Math.abs(c.delta())).thenComparing(FrameChange::frame));
        return out.subList(0, Math.min(n, out.size()));
    }

    private static String leaf(String stack) {
        int semi = stack.lastIndexOf(';');
        return semi < 0 ? stack : stack.substring(semi + 1);
    }
}
