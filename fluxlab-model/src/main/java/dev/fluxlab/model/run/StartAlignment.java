package dev.fluxlab.model.run;

import java.util.Map;

/**
 * How well the measured phases of a repeat's several injectors are put on one clock, the runner's: each injector's
 * start ({@code measure_start_ms}, its own host's clock) less its host's clock offset measured for this repeat. The
 * merged windows line up to within the start spread, which is known to within {@code spreadErrorMs}.
 *
 * @param spreadErrorMs the bound of {@link RepeatResult#injectorStartSpreadMs()}, in milliseconds: 1 ms for the
 *                      documents' whole milliseconds, plus, when the injectors ran on different machines, the offset
 *                      bounds of the two that are furthest apart in it
 * @param hostClocks    by machine that ran an injector (a suite host as the suite names it; {@code local} for the
 *                      runner's): its clock offset against the runner's and its bound, measured after the repeat
 */
public record StartAlignment(double spreadErrorMs, Map<String, HostClock> hostClocks) {

    /**
     * One machine's clock against the runner's.
     *
     * @param offsetUs      its clock minus the runner's, in microseconds (positive: it is ahead)
     * @param uncertaintyUs the offset's bound: half the round trip of the best probe, in microseconds
     */
    public record HostClock(long offsetUs, long uncertaintyUs) {
    }
}
