package dev.fluxlab.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.fluxlab.model.Json;
import dev.fluxlab.model.claim.Claim;
import dev.fluxlab.model.claim.ClaimJudge;
import dev.fluxlab.model.claim.Relation;
import dev.fluxlab.model.run.FigureName;
import dev.fluxlab.model.run.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A results.json with a section null or missing (edited by hand, cut short, written by a tool) gives a report of what
 * is there, or a {@link ReportInputException} naming what is missing: never another exception, which the command
 * line would print as a stack trace. Every section of the fixture is nulled in turn (the first entry of each list),
 * and the upper two levels of sections are also removed in turn. The fixture carries a judged claim, and the claims
 * are also judged again as {@code fluxlab report} does ({@link ReportModel#rejudged}).
 */
class DamagedResultsTest {

    @TempDir
    Path dir;

    @Test
    void everySectionNulledOrRemovedGivesAReportOrAClearError() throws Exception {
        JsonNode whole = Json.mapper().readTree(Json.write(withClaim(Fixtures.run())));
        List<String> paths = new ArrayList<>();
        collect(whole, "", paths);
        assertTrue(paths.size() > 50, "the fixture reaches every section: " + paths.size());
        List<String> failures = new ArrayList<>();
        for (String path : paths) {
            for (boolean remove : path.split("\\.").length <= 2 ? new boolean[]{false, true} : new boolean[]{false}) {
                JsonNode damaged = whole.deepCopy();
                damage(damaged, path, remove);
                String problem = reportOf(damaged);
                if (problem != null) {
                    failures.add((remove ? "without " : "null ") + path + ": " + problem);
                }
            }
        }
        assertEquals(List.of(), failures);
    }

    @Test
    void nullCellsAreNamed() throws Exception {
        Files.writeString(dir.resolve("results.json"), "{\"schema\":\"" + RunResult.SCHEMA + "\",\"cells\":[null]}");
        ReportInputException e = assertThrows(ReportInputException.class, () -> ResultsFiles.load(dir));
        assertTrue(e.getMessage().contains("damaged: cells[0] is null"), e.getMessage());
        Files.writeString(dir.resolve("results.json"), Json.write(Fixtures.run()).replaceFirst("\"per_second\" : \\[", "\"per_second\" : [ null,"));
        e = assertThrows(ReportInputException.class, () -> ResultsFiles.load(dir));
        assertTrue(e.getMessage().contains("damaged: cells[0].repeats[0].load.per_second[0] is null"), e.getMessage());
    }

    /** {@code run} with a claim over its first two cells, judged. */
    private static RunResult withClaim(RunResult run) {
        List<Claim.ClaimCell> cells = run.cells().stream().limit(2)
                .map(c -> new Claim.ClaimCell(c.id(), c.knobs().get("transport"), 1000.0)).toList();
        return run.withClaims(ClaimJudge.judge(List.of(new Claim("first > second", "seed.txt", "a quote",
                FigureName.parse(FigureName.THROUGHPUT), new Relation.Greater(), cells)), run.cells(), run.noise()));
    }

    /** Null when every report and the comparison were made or the input was refused with a message, else what went wrong. */
    private String reportOf(JsonNode doc) throws Exception {
        Path file = dir.resolve("results.json");
        Files.writeString(file, doc.toString());
        try {
            RunResult run = ResultsFiles.load(file);
            for (ReportModel model : List.of(ReportModel.of(run), ReportModel.rejudged(run))) {
                TextReport.lines(model);
                MarkdownReport.render(model);
                HtmlReport.render(model);
            }
            Comparison c = Comparison.of(run, run);
            CompareReport.lines(c);
            CompareReport.markdown(c);
            Comparison.of(Fixtures.run(), run);
            return null;
        } catch (ReportInputException e) {
            return e.getMessage() == null || e.getMessage().isBlank() ? "refused without a message" : null;
        } catch (RuntimeException e) {
            StackTraceElement at = e.getStackTrace().length > 0 ? e.getStackTrace()[0] : null;
            return e + " at " + at;
        }
    }

    /** Paths of every object, array and text field and of the first element of every array ("cells.0.summary"). */
    private static void collect(JsonNode node, String prefix, List<String> out) {
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                String p = prefix + e.getKey();
                if (!e.getValue().isNumber() && !e.getValue().isBoolean()) {
                    out.add(p); // a null number or boolean reads as 0 or false, a value like any other
                }
                collect(e.getValue(), p + ".", out);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < Math.min(1, node.size()); i++) {
                String p = prefix + i;
                out.add(p);
                collect(node.get(i), p + ".", out);
            }
        }
    }

    private static void damage(JsonNode root, String path, boolean remove) {
        String[] parts = path.split("\\.");
        JsonNode parent = root;
        for (int i = 0; i < parts.length - 1; i++) {
            parent = parent.isArray() ? parent.get(Integer.parseInt(parts[i])) : parent.get(parts[i]);
        }
        String last = parts[parts.length - 1];
        if (parent instanceof ArrayNode a) {
            int i = Integer.parseInt(last);
            if (remove) {
                a.remove(i);
            } else {
                a.set(i, com.fasterxml.jackson.databind.node.NullNode.getInstance());
            }
        } else if (remove) {
            ((ObjectNode) parent).remove(last);
        } else {
            ((ObjectNode) parent).putNull(last);
        }
    }
}
