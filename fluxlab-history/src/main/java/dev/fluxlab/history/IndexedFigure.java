package dev.fluxlab.history;

import dev.fluxlab.model.run.Stat;

/**
 * One figure of one cell of one run: its median and spread over the cell's repeats.
 *
 * @param runId     the run
 * @param cellId    the cell's stable id (its knob values)
 * @param cellLabel the cell's label in that run (the knob values that varied in it)
 * @param valid     whether the run judged the cell valid
 * @param stat      median, min, max, mean, stdev and n over the repeats
 */
public record IndexedFigure(String runId, String cellId, String cellLabel, boolean valid, Stat stat) {
}
