/**
 * Deciding a claim about two or more cells from windows measured interleaved: a trial ({@link
 * dev.fluxlab.model.decide.Trial}) orders the cells afresh each round, collects one {@link
 * dev.fluxlab.model.decide.Window} per cell and round, and after each round compares every pair of cells the claim
 * names ({@link dev.fluxlab.model.decide.PairTest}) by the interval of their ratio over the rounds ({@link
 * dev.fluxlab.model.decide.RatioInterval}), spending the claim's error rate over the looks by {@link
 * dev.fluxlab.model.decide.AlphaSpending}. Pure arithmetic: the runner measures, this package only decides, and a
 * report can replay the decision from the windows ({@link dev.fluxlab.model.decide.Trial#recompute}).
 */
package dev.fluxlab.model.decide;
