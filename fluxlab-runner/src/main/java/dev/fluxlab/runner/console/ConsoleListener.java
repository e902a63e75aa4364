package dev.fluxlab.runner.console;

import dev.fluxlab.model.contract.ProgressLine;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.CellSummary;
import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.model.run.Stat;
import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.runner.listen.RunListener;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The terminal view of a run: one live progress line per cell
 * ({@code [cell 3/8] reactor-netty h2c epoll plaintext c=64 | measure 4/10s | 123,456 req/s | 0 err}), rewritten in
 * place on a terminal and printed once per phase otherwise; a result line per cell; at the end the table and
 * the results path.
 */
public class ConsoleListener implements RunListener {

    private final PrintWriter out;
    private final boolean tty;
    private final Function<RunResult, String> endReport;
    private String lastPhase;
    private int lastWidth;

    /**
     * A console that ends with {@code endReport}'s text: the CLI passes the terminal report of fluxlab-report (the
     * runner itself does not depend on the report module).
     */
    public ConsoleListener(PrintWriter out, boolean tty, Function<RunResult, String> endReport) {
        this.out = out;
        this.tty = tty;
        this.endReport = endReport;
    }

    /** True when this process's stdout is a terminal (Linux: fd 1 points at a tty or pts device). */
    public static boolean stdoutIsTerminal() {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/1")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (Exception e) {
            return System.console() != null;
        }
    }

    @Override
    public void runStarted(RunResult run, int cellsToRun, Path resultsFile) {
        out.println("fluxlab run " + run.suite() + ": " + cellsToRun + " cell" + (cellsToRun == 1 ? "" : "s")
                + " to run; results: " + resultsFile);
    }

    @Override
    public synchronized void note(String line) {
        out.println(line);
        out.flush();
    }

    @Override
    public synchronized void cellStarted(Cell cell, Position position) {
        lastPhase = null;
    }

    @Override
    public synchronized void progress(Cell cell, Position position, Progress p) {
        String phase = switch (p.phase()) {
            case ProgressLine.WARMUP_PHASE, ProgressLine.MEASURE_PHASE -> String.format(Locale.ROOT, "%s %.0f/%s%.0fs", p.phase(), p.t(),
                    p.boundOnly() ? "≤" : "", p.phaseLength());
            default -> p.phase();
        };
        String text = prefix(cell, position) + " | " + phase;
        if (p.phase().equals(ProgressLine.WARMUP_PHASE) || p.phase().equals(ProgressLine.MEASURE_PHASE)) {
            text += String.format(Locale.ROOT, " | %,.0f req/s | %,d err", p.rps(), p.errors());
        }
        if (tty) {
            out.print("\r" + text + " ".repeat(Math.max(0, lastWidth - text.length())));
            lastWidth = text.length();
            out.flush();
        } else if (!p.phase().equals(lastPhase)) {
            out.println(text);
        }
        lastPhase = p.phase();
    }

    private static String prefix(Cell cell, Position position) {
        String rep = position.repeats() > 1 ? " rep " + position.repeat() + "/" + position.repeats() : "";
        return "[cell " + position.cell() + "/" + position.cells() + rep + "] " + cell.label();
    }

    @Override
    public synchronized void cellFinished(Cell cell, Position position, CellResult result) {
        CellSummary s = result.summary();
        String figures = median(s == null ? null : s.throughputRps(), true) + " req/s | p99 "
                + median(s == null || s.latencyMs() == null ? null : s.latencyMs().get("p99"), false) + " ms | "
                + median(s == null ? null : s.errors(), true) + " err";
        String text = prefix(cell, position) + " | " + figures + " | " + (result.valid() ? "valid" : "INVALID");
        if (tty) {
            out.print("\r" + text + " ".repeat(Math.max(0, lastWidth - text.length())) + "\n");
            lastWidth = 0;
        } else {
            out.println(text);
        }
        for (String r : result.reasons()) {
            out.println("    " + r.replace("\n", "\n    "));
        }
        out.flush();
    }

    /**
     * {@code 123,456 ±2%}: the median (a count: whole; else a few decimals below 1000) and the repeats' spread;
     * {@code -} when there is no figure.
     */
    private static String median(Stat s, boolean count) {
        if (s == null || s.n() == 0 || Double.isNaN(s.median())) {
            return "-";
        }
        double m = s.median();
        String v = String.format(Locale.ROOT, count || Math.abs(m) >= 1000 ? "%,.0f" : Math.abs(m) >= 10 ? "%.1f" : "%.2f", m);
        return s.n() > 1 ? v + String.format(Locale.ROOT, " ±%.0f%%", s.relativeSpread() * 100) : v;
    }

    @Override
    public synchronized void notice(String line) {
        if (tty && lastWidth > 0) {
            out.println();
            lastWidth = 0;
        }
        out.println(line);
        out.flush();
    }

    @Override
    public synchronized void runFinished(RunResult run, Path resultsFile) {
        if (tty && lastWidth > 0) {
            out.println();
            lastWidth = 0;
        }
        out.println();
        if (run.cells() != null && !run.cells().isEmpty()) {
            out.print(endReport.apply(run));
        }
        List<CellResult> cells = run.cells() == null ? List.of() : run.cells();
        long invalid = cells.stream().filter(c -> !c.valid()).count();
        out.println("run " + run.status() + ": " + cells.size() + " cell(s)"
                + (invalid == 0 ? "" : ", " + invalid + " of them invalid (marked ! in the tables, with the reason)")
                + " in " + resultsFile);
        if ("interrupted".equals(run.status()) && resultsFile != null) {
            out.println("to run the remaining cells: fluxlab run --resume " + resultsFile.getParent());
        }
        out.flush();
    }
}
