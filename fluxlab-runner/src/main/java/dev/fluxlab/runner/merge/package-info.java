/**
 * Several injectors driving one cell: how their load is split ({@link dev.fluxlab.runner.merge.LoadSplit}) and how
 * their {@code fluxlab.load/1} documents become one figure ({@link dev.fluxlab.runner.merge.LoadMerge}).
 */
package dev.fluxlab.runner.merge;
