package dev.fluxlab.history;

import dev.fluxlab.model.run.Environment;
import dev.fluxlab.model.run.NoiseFloor;

/**
 * One run as the history index holds it: enough to place it in time, tell its environment apart from its neighbours'
 * and know its noise floor. The figures are in {@link IndexedFigure}s.
 *
 * @param runId       the run's id (its folder name)
 * @param dir         its results folder, absolute, as it was when indexed
 * @param suite       suite name
 * @param startedAt   ISO-8601 instant
 * @param finishedAt  ISO-8601 instant, null when it never finished
 * @param status      {@code complete}, {@code interrupted}, {@code failed} or {@code running}
 * @param environment the fingerprint fields only (the other fields are null)
 * @param noise       the noise floor the run recorded, or null
 */
public record IndexedRun(String runId, String dir, String suite, String startedAt, String finishedAt, String status,
                         Environment environment, NoiseFloor noise) {
}
