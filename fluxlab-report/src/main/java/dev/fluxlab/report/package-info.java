/**
 * Reports of a fluxlab run, computed from {@code results.json} alone ({@link dev.fluxlab.model.run.RunResult}):
 * {@link dev.fluxlab.report.ReportModel} turns the document into tables as data, and one class per format renders
 * them: {@link dev.fluxlab.report.TextReport} (terminal), {@link dev.fluxlab.report.MarkdownReport}
 * ({@code summary.md}), {@link dev.fluxlab.report.HtmlReport} ({@code report.html}, self-contained with charts).
 * {@link dev.fluxlab.report.Comparison} sets two runs side by side with a noise-aware verdict.
 */
package dev.fluxlab.report;
