/**
 * The run history: {@link dev.fluxlab.history.HistoryIndex} keeps every run's fingerprint and per-cell figures in a
 * local SQLite file (an index only: {@code results.json} stays the source of truth and the index can be rebuilt from
 * the results folders), {@link dev.fluxlab.history.FigureTrend} reads a figure over runs, {@link dev.fluxlab.history.ChangePoints}
 * finds where its level changed, and {@link dev.fluxlab.history.TrendText} / {@link dev.fluxlab.history.TrendHtml}
 * render it.
 */
package dev.fluxlab.history;
