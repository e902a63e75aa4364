package dev.fluxlab.model.suite;

import dev.fluxlab.model.claim.Claim;
import dev.fluxlab.model.claim.Relation;
import dev.fluxlab.model.run.FigureName;
import dev.fluxlab.model.suite.SuiteSpec.ClaimSpec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A suite's {@code claims}, checked against its expanded cells and resolved into {@link Claim}s: every compared cell
 * must be exactly one cell of the suite (knob names and values it has), the figure a known one, the relation one of
 * {@link Relation}'s forms with a number of cells it accepts. The first problem is a {@link SuiteException} at its
 * line.
 */
final class SuiteClaims {

    private final SuiteSource source;
    private final List<Cell> cells;
    private final Map<String, Set<String>> knobValues = new LinkedHashMap<>();

    SuiteClaims(SuiteSource source, List<Cell> cells) {
        this.source = source;
        this.cells = cells;
        cells.forEach(c -> c.knobs().forEach((k, v) -> knobValues.computeIfAbsent(k, x -> new TreeSet<>()).add(v)));
    }

    List<Claim> resolve() {
        List<ClaimSpec> specs = source.spec().claims();
        List<Claim> out = new ArrayList<>();
        for (int i = 0; specs != null && i < specs.size(); i++) {
            out.add(resolve("/claims/" + i, i, specs.get(i)));
        }
        if (source.spec().ab() != null) {
            out.addAll(ab(source.spec().ab()));
        }
        return List.copyOf(out);
    }

    /** The suite's {@code ab} as one claim per pair of cells identical but for its knob ({@link AbSpec}). */
    private List<Claim> ab(SuiteSpec.AbSpec ab) {
        String at = "/ab";
        if (ab.knob() == null || ab.knob().isBlank()) {
            throw error(at, "'ab' needs 'knob': the knob whose two values are compared, e.g. "
                    + "{knob: reactor-netty-version, within: 3%}");
        }
        List<String> values = cells.stream().map(c -> c.knobs().get(ab.knob())).filter(java.util.Objects::nonNull)
                .distinct().toList();
        if (!knobValues.containsKey(ab.knob())) {
            throw error(at + "/knob", "'ab' compares unknown knob '" + ab.knob() + "'; knobs of this suite: "
                    + String.join(", ", knobValues.keySet()));
        }
        if (values.size() != 2) {
            throw error(at + "/knob", "'ab' compares the two values of a knob; " + ab.knob() + " has "
                    + values.size() + " (" + String.join(", ", values) + ")");
        }
        String within = ab.within() == null ? "3%" : ab.within();
        Relation relation;
        try {
            relation = Relation.parse("within " + within);
        } catch (IllegalArgumentException e) {
            // 0% (no pair of measurements is that close) and 1000% passed the form and said only "not a percentage"
            throw error(at + "/within", "'within' must be a percentage above 0% and below 1000%, such as 3%, not '"
                    + within + "'");
        }
        String a = values.get(0);
        String b = values.get(1);
        Map<Map<String, String>, Cell[]> pairs = new LinkedHashMap<>();
        for (Cell c : cells) {
            Map<String, String> rest = new LinkedHashMap<>(c.knobs());
            String v = rest.remove(ab.knob());
            pairs.computeIfAbsent(rest, k -> new Cell[2])[v.equals(a) ? 0 : 1] = c;
        }
        List<Claim> out = new ArrayList<>();
        pairs.forEach((rest, pair) -> {
            if (pair[0] == null || pair[1] == null) {
                return; // an exclude rule left one side out: nothing to compare
            }
            String where = pair[0].label().replace(a, "").replaceAll("\\s+", " ").strip();
            out.add(new Claim(ab.knob() + " " + a + " against " + b + " the same within " + within
                    + (where.isEmpty() ? "" : " (" + where + ")"), "ab", null,
                    FigureName.parse(FigureName.THROUGHPUT), relation,
                    List.of(new Claim.ClaimCell(pair[0].id(), a, null), new Claim.ClaimCell(pair[1].id(), b, null))));
        });
        if (out.isEmpty()) {
            throw error(at, "'ab' found no pair of cells identical but for " + ab.knob());
        }
        return out;
    }

    private SuiteException error(String pointer, String problem) {
        return source.error(pointer, problem);
    }

    private Claim resolve(String at, int i, ClaimSpec spec) {
        if (spec == null) {
            throw error(at, "claim " + (i + 1) + " is empty; give 'claim', 'source', 'cells' and 'relation'");
        }
        if (spec.claim() == null || spec.claim().isBlank()) {
            throw error(at, "claim " + (i + 1) + " needs 'claim': the claim in words, e.g. 'non-blocking >> blocking'");
        }
        if (spec.source() == null || spec.source().isBlank()) {
            throw error(at, "claim '" + spec.claim().strip() + "' needs 'source': where it comes from, e.g. the seed "
                    + "file 002_d04c1b3181923e70.txt");
        }
        FigureName figure = FigureName.parse(spec.figure() == null ? FigureName.THROUGHPUT : spec.figure());
        if (figure == null) {
            throw error(at + "/figure", FigureName.refusal("claim figure", spec.figure()));
        }
        if (figure.isRatio()) {
            throw error(at + "/figure", "claim figure '" + spec.figure() + "' is not a plain figure (a claim compares "
                    + "its cells itself; name the figure without '/knob=value'); accepted: " + FigureName.accepted());
        }
        Relation relation;
        try {
            relation = Relation.parse(spec.relation());
        } catch (IllegalArgumentException e) {
            throw error(spec.relation() == null ? at : at + "/relation", e.getMessage());
        }
        List<Map<String, String>> selectors = spec.cells();
        int n = selectors == null ? 0 : selectors.size();
        if (n < relation.minCells() || n > relation.maxCells()) {
            throw error(selectors == null ? at : at + "/cells", "relation '" + relation.text() + "' compares "
                    + (relation.maxCells() == relation.minCells() ? "exactly " + relation.minCells()
                    : "at least " + relation.minCells()) + " cells; 'cells' lists " + n);
        }
        Map<String, String> where = spec.where() == null ? Map.of() : spec.where();
        where.forEach((k, v) -> checkKnob(at + "/where/" + k, k, v));
        if (spec.claimed() != null) {
            if (spec.claimed().size() != n) {
                throw error(at + "/claimed", "'claimed' lists " + spec.claimed().size() + " figures for " + n
                        + " cells; give one per cell, in the same order, or leave 'claimed' out");
            }
            for (int j = 0; j < n; j++) {
                Double c = spec.claimed().get(j);
                if (c == null || !Double.isFinite(c) || c < 0) {
                    throw error(at + "/claimed/" + j, "claimed figure " + (j + 1) + " must be a number of 0 or more, not "
                            + c);
                }
            }
        }
        List<Claim.ClaimCell> out = new ArrayList<>();
        Set<String> ids = new LinkedHashSet<>();
        for (int j = 0; j < n; j++) {
            String cat = at + "/cells/" + j;
            Map<String, String> own = selectors.get(j);
            if (own == null || own.isEmpty()) {
                throw error(cat, "compared cell " + (j + 1) + " is empty; give the knob values that select it, "
                        + "e.g. {scenario: 03-elastic}");
            }
            Map<String, String> select = new LinkedHashMap<>(where);
            for (var e : own.entrySet()) {
                checkKnob(cat + "/" + e.getKey(), e.getKey(), e.getValue());
                String before = select.put(e.getKey(), e.getValue());
                if (before != null && !before.equals(e.getValue())) {
                    throw error(cat + "/" + e.getKey(), "knob '" + e.getKey() + "' is " + before + " in 'where' and "
                            + e.getValue() + " here; give it in one place");
                }
            }
            Cell cell = match(cat, select);
            if (!ids.add(cell.id())) {
                throw error(cat, "compared cell " + (j + 1) + " is the same cell as an earlier one (" + cell.id()
                        + "); a claim compares different cells");
            }
            out.add(new Claim.ClaimCell(cell.id(), label(own),
                    spec.claimed() == null ? null : spec.claimed().get(j)));
        }
        if (figure.process() != null) {
            // a process none of the compared cells has (a misspelt name) left the claim inconclusive in every run
            Set<String> processes = new java.util.TreeSet<>(List.of(SuiteChecks.RESERVED_NAME));
            out.forEach(cc -> cells.stream().filter(c -> c.id().equals(cc.id())).findFirst().orElseThrow()
                    .processes().forEach(p -> processes.add(p.name())));
            if (!processes.contains(figure.process())) {
                throw error(at + "/figure", "claim figure '" + spec.figure() + "': " + dev.fluxlab.model.Refusal.unknown(
                        "process", figure.process(), processes, "a per-process figure names a process of the "
                        + "compared cells, or the injector"));
            }
        }
        Integer cores = spec.needs() == null ? null : spec.needs().cores();
        if (spec.needs() != null && (cores == null || cores < 1)) {
            throw error(at + "/needs", "'needs' names what the claim's effect needs of the machine, e.g. "
                    + "{cores: 8}; 'cores' must be a whole number of 1 or more, not " + cores);
        }
        return new Claim(spec.claim().strip(), spec.source().strip(), spec.quote() == null ? null : spec.quote().strip(),
                figure, relation, List.copyOf(out), cores);
    }

    private void checkKnob(String at, String knob, String value) {
        Set<String> values = knobValues.get(knob);
        if (values == null) {
            throw error(at, "claim uses unknown knob '" + knob + "'; knobs of this suite: "
                    + String.join(", ", knobValues.keySet()));
        }
        if (value == null || !values.contains(value)) {
            throw error(at, "no cell of this suite has " + knob + "=" + value + "; its values: " + String.join(", ", values));
        }
    }

    /** The one cell with every knob value of {@code select}. */
    private Cell match(String at, Map<String, String> select) {
        List<Cell> found = cells.stream().filter(c -> select.entrySet().stream()
                .allMatch(e -> e.getValue().equals(c.knobs().get(e.getKey())))).toList();
        if (found.isEmpty()) {
            throw error(at, "no cell of this suite has all of " + select + " (an 'exclude' rule may leave it out)");
        }
        if (found.size() > 1) {
            Set<String> differ = new LinkedHashSet<>();
            for (String k : found.get(0).knobs().keySet()) {
                if (found.stream().map(c -> c.knobs().get(k)).distinct().count() > 1) {
                    differ.add(k);
                }
            }
            throw error(at, found.size() + " cells have " + select + "; a compared cell must be exactly one: add "
                    + "the value of " + String.join(", ", differ));
        }
        return found.get(0);
    }

    /** The knob values the claim gave for one cell, e.g. {@code 02-elastic-blocking} or {@code webflux-gc G1}. */
    private static String label(Map<String, String> own) {
        List<String> parts = new ArrayList<>();
        own.forEach((k, v) -> parts.add(v.matches("\\d+|true|false") ? k + "=" + v : v));
        return String.join(" ", parts);
    }
}
