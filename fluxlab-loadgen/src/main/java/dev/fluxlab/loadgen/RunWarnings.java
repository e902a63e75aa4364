package dev.fluxlab.loadgen;

import java.util.ArrayList;
import java.util.List;

/**
 * The warnings of one run, in the order they arose. Every warning goes to the outcome, for the person reading it;
 * those that no figure of the result document carries (a runner could not derive them from the figures) are recorded
 * in the document as well. Filled by the coordinating thread only.
 */
final class RunWarnings {

    private final List<String> all = new ArrayList<>();
    private final List<String> recorded = new ArrayList<>();

    /** A warning the document's figures already carry: for the outcome only. */
    void add(String warning) {
        all.add(warning);
    }

    /** Warnings the document's figures already carry, in their order. */
    void addAll(List<String> warnings) {
        all.addAll(warnings);
    }

    /** A warning no figure of the document carries: for the outcome and the document. */
    void record(String warning) {
        all.add(warning);
        recorded.add(warning);
    }

    /** Every warning so far, for the outcome. */
    List<String> all() {
        return List.copyOf(all);
    }

    /** The warnings for the document, null when there is none (the document then has no such field). */
    List<String> recorded() {
        return recorded.isEmpty() ? null : List.copyOf(recorded);
    }
}
