package dev.fluxlab.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.fluxlab.model.Json;
import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.model.suite.Suite;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Finds and reads {@code results.json}, the only input of every report: a results folder or the file itself
 * may be given. Refuses documents of another schema instead of guessing at their meaning.
 */
public final class ResultsFiles {

    /** The file name the runner writes into every results folder. */
    public static final String RESULTS_JSON = "results.json";

    private ResultsFiles() {
    }

    /** {@code dirOrFile} itself when it is a file, else {@code dirOrFile/results.json}; it must exist. */
    public static Path resolve(Path dirOrFile) throws ReportInputException {
        if (dirOrFile == null) {
            throw new ReportInputException("no results folder given; pass a results folder such as results/<run> or its results.json");
        }
        if (Files.isRegularFile(dirOrFile)) {
            return dirOrFile;
        }
        if (Files.isDirectory(dirOrFile)) {
            Path file = dirOrFile.resolve(RESULTS_JSON);
            if (Files.isRegularFile(file)) {
                return file;
            }
            throw new ReportInputException(dirOrFile + " has no " + RESULTS_JSON
                    + "; pass a results folder written by 'fluxlab run' (results/<run>) or the path of its results.json");
        }
        throw new ReportInputException(dirOrFile + (Files.exists(dirOrFile) ? " is neither a folder nor a regular file (a "
                + "device, a pipe)" : " does not exist") + "; pass a results folder (results/<run>) or its results.json");
    }

    /**
     * Largest results.json read: 512 MiB. A 16-cell run with A/A pairs writes 0.8 MB, so this holds thousands of cells
     * with repeats; a 1.3 GB hand-made file had the report take 5.9 GB of memory.
     */
    static final long MAX_BYTES = 512L << 20;

    /** Reads and checks the document at {@code dirOrFile} (folder or file). */
    public static RunResult load(Path dirOrFile) throws ReportInputException {
        Path file = resolve(dirOrFile);
        RunResult run;
        try {
            if (Files.size(file) > MAX_BYTES) {
                throw new ReportInputException(file + " has " + (Files.size(file) >> 20) + " MiB, more than any run "
                        + "writes (at most " + (MAX_BYTES >> 20) + " MiB are read); pass another results folder");
            }
            JsonNode tree = Json.mapper().readTree(file.toFile());
            if (tree != null && tree.path("cells").size() > Suite.MAX_CELLS) {
                throw new ReportInputException(file + " holds " + tree.path("cells").size() + " cells, more than a run "
                        + "can have (" + Suite.MAX_CELLS + "); it was not written by 'fluxlab run': pass another "
                        + "results folder");
            }
            for (JsonNode cell : tree == null ? List.<JsonNode>of() : tree.path("cells")) {
                if (cell.path("repeats").size() > 2 * Suite.MAX_REPEATS) {
                    throw new ReportInputException(file + " holds a cell of " + cell.path("repeats").size()
                            + " repeats, more than a run can have (" + 2 * Suite.MAX_REPEATS + " with A/A pairs); it "
                            + "was not written by 'fluxlab run': pass another results folder");
                }
            }
            String hole = nullEntry(tree, "");
            if (hole != null) {
                throw new ReportInputException(file + " is damaged: " + hole + " is null, where a list holds only entries; "
                        + "remove it (or regenerate the file with 'fluxlab run')");
            }
            run = Json.mapper().treeToValue(tree, RunResult.class);
        } catch (IOException e) {
            throw new ReportInputException(file + " is not a readable fluxlab results document (" + Json.problem(e)
                    + "); regenerate it with 'fluxlab run' or pass another results folder", e);
        }
        if (run == null || run.schema() == null) {
            throw new ReportInputException(file + " has no \"schema\" field; expected \"" + RunResult.SCHEMA
                    + "\" (is this a fluxlab results.json?)");
        }
        if (!RunResult.SCHEMA.equals(run.schema())) {
            throw new ReportInputException(file + " has schema \"" + run.schema() + "\" but this fluxlab reads \""
                    + RunResult.SCHEMA + "\"; use the fluxlab version that wrote it");
        }
        return run;
    }

    /**
     * The path of the first null list entry ({@code cells[0].repeats[2]}), or null. A missing or null section is
     * reported as absent; a null entry of a list (a cell, a repeat, a sample) has no meaning to report.
     */
    static String nullEntry(JsonNode node, String path) {
        if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                String p = path + "[" + i + "]";
                String hole = node.get(i).isNull() ? p : nullEntry(node.get(i), p);
                if (hole != null) {
                    return hole;
                }
            }
        } else if (node.isObject()) {
            for (var it = node.properties().iterator(); it.hasNext(); ) {
                var e = it.next();
                String hole = nullEntry(e.getValue(), path.isEmpty() ? e.getKey() : path + "." + e.getKey());
                if (hole != null) {
                    return hole;
                }
            }
        }
        return null;
    }
}
