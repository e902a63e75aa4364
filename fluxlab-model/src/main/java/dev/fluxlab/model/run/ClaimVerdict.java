package dev.fluxlab.model.run;

import dev.fluxlab.model.Labelled;

/** What a run says about a claim. */
public enum ClaimVerdict implements Labelled {
    /** The relation holds beyond the noise band of the compared figures. */
    CONFIRMED("confirmed"),
    /** The opposite holds beyond the noise band. */
    CONTRADICTED("contradicted"),
    /** Within the noise band, or a compared cell is invalid, missing or lacks the figure. */
    INCONCLUSIVE("inconclusive");

    private final String label;

    ClaimVerdict(String label) {
        this.label = label;
    }

    /** The verdict as written in results.json and the reports. */
    @Override
    public String label() {
        return label;
    }

    /**
     * The verdict written as {@code label}, or {@link #INCONCLUSIVE} when it names none (a missing or unknown
     * verdict in a results file). Lenient on purpose: the reports read results.json files that an older or newer
     * fluxlab wrote, and an unreadable verdict claims nothing, so it counts and is shown as inconclusive rather than
     * failing the whole report.
     */
    public static ClaimVerdict ofOrInconclusive(String label) {
        return Labelled.find(ClaimVerdict.class, label).orElse(INCONCLUSIVE);
    }
}
