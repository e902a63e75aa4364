package dev.fluxlab.report;

import dev.fluxlab.model.run.CellResult;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** Knob helpers shared by the tables and {@code compare}. */
final class Knobs {

    private Knobs() {
    }

    /** A stable key from knob values, independent of their order: {@code a=1,b=2}. */
    static String key(Map<String, String> knobs) {
        if (knobs == null || knobs.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder();
        new TreeMap<>(knobs).forEach((k, v) -> sb.append(sb.isEmpty() ? "" : ",").append(k).append('=').append(v));
        return sb.toString();
    }

    /** Distinct values per knob, both in order of first appearance. */
    static Map<String, Set<String>> distinctValues(List<CellResult> cells) {
        Map<String, Set<String>> out = new LinkedHashMap<>();
        for (CellResult c : cells) {
            if (c.knobs() != null) {
                c.knobs().forEach((k, v) -> out.computeIfAbsent(k, x -> new LinkedHashSet<>()).add(v));
            }
        }
        // a knob missing from some cell varies too (present vs absent)
        for (CellResult c : cells) {
            for (Map.Entry<String, Set<String>> e : out.entrySet()) {
                if (c.knobs() == null || !c.knobs().containsKey(e.getKey())) {
                    e.getValue().add("-");
                }
            }
        }
        return out;
    }

    /** Knobs that take more than one value over the cells, in the suite's order. */
    static List<String> varying(List<CellResult> cells) {
        List<String> out = new ArrayList<>();
        distinctValues(cells).forEach((k, v) -> {
            if (v.size() > 1) {
                out.add(k);
            }
        });
        return out;
    }

    static String value(CellResult c, String knob) {
        String v = c.knobs() == null ? null : c.knobs().get(knob);
        return v == null ? "-" : v;
    }
}
