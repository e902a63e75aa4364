package dev.fluxlab.model.run;

import dev.fluxlab.model.load.LoadResult;

import java.util.List;

/**
 * One repeat of one cell: the injector's document, what was observed of every process, what the logs said,
 * and whether this repeat is trustworthy.
 */
public record RepeatResult(
        int repeat,
        String startedAt,
        LoadResult load,
        List<ProcessStats> processes,
        List<LogFinding> findings,
        boolean valid,
        List<String> reasons) {
}
