package dev.fluxlab.report;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.profile.CollapsedStacks;
import dev.fluxlab.model.profile.FrameChange;
import dev.fluxlab.model.run.CellProfile;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.ProcessProfile;
import dev.fluxlab.model.run.RunResult;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The differential profiles of {@code compare A B}: for every cell, profile mode and process profiled in both runs,
 * the frames ranked by how much their self-time share moved from A to B (from both runs' collapsed stacks), written
 * as one small HTML page each and summarised for the terminal and the Markdown output.
 */
public final class ProfileDiffs {

    /** Frames per differential view. */
    static final int ROWS = 25;
    /** Frames per process in the terminal and Markdown summary. */
    static final int SUMMARY_ROWS = 5;

    /**
     * One process's differential view.
     *
     * @param cell    the cell id
     * @param mode    the profile mode
     * @param process the process
     * @param samplesA samples of A's profile
     * @param samplesB samples of B's profile
     * @param changes frames by change of self-time share, largest first
     */
    public record Diff(String cell, String mode, String process, long samplesA, long samplesB,
                       List<FrameChange> changes) {

        /** The file name of its page: {@code <its number among the run's diffs>-<process>-<mode>.html} made safe. */
        String fileName(int index) {
            return String.format(Locale.ROOT, "%03d-%s-%s.html", index, process, mode).replaceAll("[^A-Za-z0-9._-]", "-");
        }
    }

    private ProfileDiffs() {
    }

    /**
     * Every process profiled in the same cell and mode in both runs whose collapsed stacks are still on disk
     * ({@code dirA}, {@code dirB}: the results folders); others are left out, and said so in {@code missing}.
     */
    public static List<Diff> of(RunResult a, Path dirA, RunResult b, Path dirB, List<String> missing) {
        Map<String, CellResult> cellsA = byId(a);
        List<Diff> out = new ArrayList<>();
        for (CellResult cb : b.cells() == null ? List.<CellResult>of() : b.cells()) {
            CellResult ca = cellsA.get(cb.id());
            if (ca == null || ca.profiles() == null || cb.profiles() == null) {
                continue;
            }
            for (CellProfile pb : cb.profiles()) {
                CellProfile pa = ca.profiles().stream().filter(p -> p.mode().equals(pb.mode())).findFirst().orElse(null);
                if (pa == null) {
                    missing.add(cb.id() + " " + pb.mode() + ": profiled in B only");
                    continue;
                }
                for (ProcessProfile qb : pb.processes()) {
                    ProcessProfile qa = pa.processes().stream().filter(q -> q.process().equals(qb.process())).findFirst()
                            .orElse(null);
                    if (qa == null) {
                        missing.add(cb.id() + " " + pb.mode() + " " + qb.process() + ": profiled in B only");
                    } else {
                        diff(cb.id(), pb.mode(), qa, dirA, qb, dirB, missing).ifPresent(out::add);
                    }
                }
                for (ProcessProfile qa : pa.processes()) {
                    if (pb.processes().stream().noneMatch(q -> q.process().equals(qa.process()))) {
                        missing.add(cb.id() + " " + pb.mode() + " " + qa.process() + ": profiled in A only");
                    }
                }
            }
            for (CellProfile pa : ca.profiles()) {
                if (cb.profiles().stream().noneMatch(p -> p.mode().equals(pa.mode()))) {
                    missing.add(cb.id() + " " + pa.mode() + ": profiled in A only");
                }
            }
        }
        return out;
    }

    private static java.util.Optional<Diff> diff(String cell, String mode, ProcessProfile a, Path dirA,
                                                 ProcessProfile b, Path dirB, List<String> missing) {
        if (a.collapsed() == null || b.collapsed() == null) {
            missing.add(cell + " " + mode + " " + a.process() + ": a run has no collapsed stacks");
            return java.util.Optional.empty();
        }
        Path fileA = inside(dirA, a.collapsed());
        Path fileB = inside(dirB, b.collapsed());
        if (fileA == null || fileB == null) {
            missing.add(cell + " " + mode + " " + a.process() + ": its collapsed stacks are not a file inside the "
                    + "run's results folder (" + (fileA == null ? a.collapsed() : b.collapsed()) + ")");
            return java.util.Optional.empty();
        }
        try {
            CollapsedStacks sa = CollapsedStacks.read(fileA);
            CollapsedStacks sb = CollapsedStacks.read(fileB);
            if (sa.total() == 0 || sb.total() == 0) {
                // against an empty side every frame would "move" by its whole share
                missing.add(cell + " " + mode + " " + a.process() + ": no samples in "
                        + (sa.total() == 0 && sb.total() == 0 ? "either run" : sa.total() == 0 ? "A" : "B"));
                return java.util.Optional.empty();
            }
            return java.util.Optional.of(new Diff(cell, mode, a.process(), sa.total(), sb.total(),
                    CollapsedStacks.changes(sa, sb, ROWS)));
        } catch (IOException e) {
            missing.add(cell + " " + mode + " " + a.process() + ": cannot read its collapsed stacks (" + e.getMessage() + ")");
            return java.util.Optional.empty();
        }
    }

    /**
     * Whether {@code relative} (a file name from results.json) names something inside the folder it is relative to, as
     * written: not absolute, no {@code ..} past its start, not the folder itself. The one check for a profile's file
     * compare reads and a link report.html or summary.md shows.
     */
    static boolean staysInside(String relative) {
        try {
            Path p = Path.of(relative);
            Path n = p.normalize();
            return !p.isAbsolute() && !n.toString().isEmpty() && !n.startsWith("..");
        } catch (java.nio.file.InvalidPathException e) {
            return false;
        }
    }

    /**
     * {@code relative} (as results.json records it) resolved in the results folder {@code dir}, or null when it leaves
     * the folder ({@code ../}, an absolute path) or is not a regular file: a results folder copied from elsewhere
     * must not make {@code compare} read {@code /dev/zero} or a file of the user's into a page.
     */
    static Path inside(Path dir, String relative) {
        if (!staysInside(relative)) {
            return null;
        }
        Path base = dir.toAbsolutePath().normalize();
        Path file = base.resolve(relative).normalize();
        if (!Files.isRegularFile(file, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return null;
        }
        try {
            // a linked folder on the way (cells/lnk -> elsewhere) leaves the folder too
            return file.toRealPath().startsWith(base.toRealPath()) ? file : null;
        } catch (IOException e) {
            return null;
        }
    }

    private static Map<String, CellResult> byId(RunResult r) {
        return (r.cells() == null ? List.<CellResult>of() : r.cells()).stream()
                .collect(Collectors.toMap(CellResult::id, Function.identity(), (x, y) -> x));
    }

    static final List<String> HEADER = List.of("#", "frame (self time)", "A share", "B share", "B - A");
    static final List<Boolean> RIGHT = List.of(true, false, true, true, true);

    static List<List<String>> rows(List<FrameChange> changes) {
        List<List<String>> rows = new ArrayList<>();
        for (int i = 0; i < changes.size(); i++) {
            FrameChange c = changes.get(i);
            rows.add(List.of(Integer.toString(i + 1), c.frame(), ProfileView.percent(c.shareA()),
                    ProfileView.percent(c.shareB()), String.format(Locale.ROOT, "%+.1f pp", c.delta() * 100)));
        }
        return rows;
    }

    /**
     * Writes one page per diff into {@code dir} (created) and returns their paths, in the order of {@code diffs}.
     */
    public static List<Path> write(List<Diff> diffs, String a, String b, Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Path> out = new ArrayList<>();
        for (int i = 0; i < diffs.size(); i++) {
            Diff d = diffs.get(i);
            String title = "differential profile · " + d.cell() + " · " + d.mode() + " · " + d.process();
            String html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>"
                    + HtmlReport.esc(title) + "</title>\n<style>\n" + HtmlReport.read("/dev/fluxlab/report/report.css") + "</style>\n</head>\n"
                    + "<body>\n<main>\n<h2>" + HtmlReport.esc(title) + "</h2>\n<p>A: " + HtmlReport.esc(a) + " ("
                    + d.samplesA() + " samples)<br>B: " + HtmlReport.esc(b) + " (" + d.samplesB() + " samples)</p>\n"
                    + "<p class=\"hint\">Frames ranked by how much their share of self time moved from A to B "
                    + "(percentage points; positive: B spends more of its samples there).</p>\n"
                    + ProfileView.htmlTable(HEADER, RIGHT, rows(d.changes())) + "</main>\n</body>\n</html>\n";
            Path file = dir.resolve(d.fileName(i + 1));
            // a page of this command's own folder: the rename replaces a link planted there, never writes through it
            Json.writeTextAtomically(file, html);
            out.add(file);
        }
        return out;
    }

    /** Terminal lines: per diff its page and the frames that moved most. */
    public static List<String> lines(List<Diff> diffs, List<Path> files) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < diffs.size(); i++) {
            Diff d = diffs.get(i);
            out.add("profile " + d.mode() + " · " + d.cell() + " · " + d.process() + ": " + files.get(i));
            for (FrameChange c : d.changes().subList(0, Math.min(SUMMARY_ROWS, d.changes().size()))) {
                out.add(String.format(Locale.ROOT, "  %+6.1f pp  %s (%s -> %s)", c.delta() * 100, c.frame(),
                        ProfileView.percent(c.shareA()), ProfileView.percent(c.shareB())));
            }
        }
        return out;
    }

    /** The Markdown section: per diff a link to its page and the frames that moved most. */
    public static String markdown(List<Diff> diffs, List<Path> files) {
        StringBuilder md = new StringBuilder("\n## Differential profiles\n");
        for (int i = 0; i < diffs.size(); i++) {
            Diff d = diffs.get(i);
            md.append("\n### ").append(MarkdownReport.text(d.cell())).append(" · ").append(MarkdownReport.text(d.mode()))
                    .append(" · ").append(MarkdownReport.text(d.process())).append("\n\n[ranked table](")
                    .append(files.get(i).toUri()).append(")\n\n");
            MarkdownReport.pipeTable(md, HEADER, RIGHT,
                    rows(d.changes().subList(0, Math.min(SUMMARY_ROWS, d.changes().size()))));
        }
        return md.toString();
    }
}
