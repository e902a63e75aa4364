package dev.fluxlab.model.run;

import java.util.Arrays;

/** What a run says about a claim. */
public enum ClaimVerdict {
    /** The relation holds beyond the noise band of the compared figures. */
    CONFIRMED("confirmed"),
    /** The opposite holds beyond the noise band. */
    CONTRADICTED("contradicted"),
    /** Within the noise band, or a compared cell is invalid, missing or lacks the figure. */
    INCONCLUSIVE("inconclusive");

    private final String text;

    ClaimVerdict(String text) {
        this.text = text;
    }

    /** The verdict as written in results.json and the reports. */
    public String text() {
        return text;
    }

    /** The verdict written as {@code text}; {@link #INCONCLUSIVE} when it is none. */
    public static ClaimVerdict of(String text) {
        return Arrays.stream(values()).filter(v -> v.text.equals(text)).findFirst().orElse(INCONCLUSIVE);
    }
}
