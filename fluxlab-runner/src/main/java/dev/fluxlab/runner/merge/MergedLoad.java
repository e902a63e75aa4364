package dev.fluxlab.runner.merge;

import dev.fluxlab.model.load.LoadResult;

import java.util.List;

/**
 * The load of one cell driven by several injectors: the merged document (exact percentiles from the added histograms,
 * summed counts) and every injector's own document, in injector order, so each injector's saturation is judged on its
 * own figures.
 */
public record MergedLoad(LoadResult merged, List<LoadResult> injectors) {

    public MergedLoad {
        injectors = List.copyOf(injectors);
    }
}
