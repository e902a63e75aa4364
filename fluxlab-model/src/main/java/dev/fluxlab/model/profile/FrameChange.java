package dev.fluxlab.model.profile;

/**
 * How one frame's self-time share moved between two profiles of the same process and cell ({@code compare A B}).
 *
 * @param frame  the frame
 * @param shareA its self-time share in A (0 when absent)
 * @param shareB its self-time share in B (0 when absent)
 */
public record FrameChange(String frame, double shareA, double shareB) {

    /** B's share minus A's: positive when the frame gained share. */
    public double delta() {
        return shareB - shareA;
    }
}
