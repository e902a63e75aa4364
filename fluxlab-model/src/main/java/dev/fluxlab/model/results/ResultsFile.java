package dev.fluxlab.model.results;

import com.fasterxml.jackson.databind.JsonNode;
import dev.fluxlab.model.Json;
import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.model.suite.Suite;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The one reader of a run's {@code results.json}, for every command that takes one ({@code report}, {@code compare},
 * {@code history} and {@code run --resume}): before any of the document is used it refuses what no run writes (a
 * file above {@link #MAX_BYTES}, more cells or repeats than a suite can have, a null list entry) and a document of
 * another schema. Resuming used to read the document with none of these checks first.
 */
public final class ResultsFile {

    /** The file name the runner writes into every results folder. */
    public static final String NAME = "results.json";

    /**
     * Largest results.json read: 512 MiB. A 16-cell run with A/A pairs writes 0.8 MB, so this holds thousands of cells
     * with repeats; a 1.3 GB hand-made file had the report take 5.9 GB of memory.
     */
    public static final long MAX_BYTES = 512L << 20;

    private ResultsFile() {
    }

    /**
     * A document that was read but is not one a run writes. Its message names the file, the problem and the fix; an
     * {@link IOException} of any other type means the file could not be read or parsed at all.
     */
    public static final class Refused extends IOException {
        Refused(String message) {
            super(message);
        }
    }

    /**
     * Reads and checks {@code file}.
     *
     * @throws Refused     when the document is not a run's (the message is complete)
     * @throws IOException when the file cannot be read or is not JSON (the caller says which file and what to do)
     */
    public static RunResult read(Path file) throws IOException {
        long bytes = Files.size(file);
        if (bytes > MAX_BYTES) {
            throw new Refused(file + " has " + (bytes >> 20) + " MiB, more than any run writes (at most "
                    + (MAX_BYTES >> 20) + " MiB are read); pass another results folder");
        }
        JsonNode tree = Json.mapper().readTree(file.toFile());
        if (tree == null || tree.isNull() || tree.isMissingNode()) {
            throw new Refused(file + " holds no document (null), not a fluxlab run; pass a results folder written by "
                    + "'fluxlab run'");
        }
        JsonNode cells = tree.path("cells");
        if (cells.size() > Suite.MAX_CELLS) {
            throw new Refused(file + " holds " + cells.size() + " cells, more than a run can have ("
                    + Suite.MAX_CELLS + "); it was not written by 'fluxlab run': pass another results folder");
        }
        for (JsonNode cell : cells) {
            if (cell.path("repeats").size() > 2 * Suite.MAX_REPEATS) {
                throw new Refused(file + " holds a cell of " + cell.path("repeats").size() + " repeats, more than a "
                        + "run can have (" + 2 * Suite.MAX_REPEATS + " with A/A pairs); it was not written by "
                        + "'fluxlab run': pass another results folder");
            }
        }
        String hole = nullEntry(tree, "");
        if (hole != null) {
            throw new Refused(file + " is damaged: " + hole + " is null, where a list holds only entries; remove it "
                    + "(or regenerate the file with 'fluxlab run')");
        }
        String infinite = infiniteNumber(tree, "");
        if (infinite != null) {
            throw new Refused(file + " is damaged: " + infinite + " is a number too large for a double (above "
                    + "1.8e308, it reads as infinity), which no run writes; regenerate the file with 'fluxlab run'");
        }
        RunResult run = Json.mapper().treeToValue(tree, RunResult.class);
        if (run == null || run.schema() == null) {
            throw new Refused(file + " has no \"schema\" field, so it is not a fluxlab run document; expected \""
                    + RunResult.SCHEMA + "\": pass a results folder written by 'fluxlab run'");
        }
        if (!RunResult.SCHEMA.equals(run.schema())) {
            throw new Refused(file + " has schema \"" + run.schema() + "\" but this fluxlab reads \"" + RunResult.SCHEMA
                    + "\"; use the fluxlab version that wrote it");
        }
        return run;
    }

    /**
     * The path of the first number that reads as infinity ({@code 1e400}), or null: the parser refuses a bare NaN or
     * Infinity, but takes a number beyond a double's range as infinity without a word, and a report then printed such a
     * cell's throughput as '-' and a comparison divided by it.
     */
    static String infiniteNumber(JsonNode node, String path) {
        return firstPath(node, path, false, (n, listEntry) -> n.isNumber() && Double.isInfinite(n.doubleValue()));
    }

    /**
     * The path of the first null list entry ({@code cells[0].repeats[2]}), or null. A missing or null section is
     * reported as absent; a null entry of a list (a cell, a repeat, a sample) has no meaning to report.
     */
    static String nullEntry(JsonNode node, String path) {
        return firstPath(node, path, false, (n, listEntry) -> listEntry && n.isNull());
    }

    /**
     * The path ({@code cells[0].repeats[2].throughput_rps}) of the first node of {@code node}'s tree, itself included and
     * depth first in document order, that {@code hit} accepts (told whether the node is a list entry); null when none.
     */
    private static String firstPath(JsonNode node, String path, boolean listEntry,
                                    java.util.function.BiPredicate<JsonNode, Boolean> hit) {
        if (hit.test(node, listEntry)) {
            return path;
        }
        if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                String at = firstPath(node.get(i), path + "[" + i + "]", true, hit);
                if (at != null) {
                    return at;
                }
            }
        } else if (node.isObject()) {
            for (var it = node.properties().iterator(); it.hasNext(); ) {
                var e = it.next();
                String at = firstPath(e.getValue(), path.isEmpty() ? e.getKey() : path + "." + e.getKey(), false, hit);
                if (at != null) {
                    return at;
                }
            }
        }
        return null;
    }
}
