package dev.fluxlab.report;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.run.RunResult;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes the report files next to results.json: {@code summary.md} and {@code report.html}. Both are derived from
 * the {@link RunResult} alone, so they can be regenerated at any time ({@code fluxlab report DIR}).
 */
public final class ReportFiles {

    public static final String SUMMARY_MD = "summary.md";
    public static final String REPORT_HTML = "report.html";

    private ReportFiles() {
    }

    /** Writes both files of {@code run} as recorded into {@code dir} (atomically each) and returns their paths. */
    public static List<Path> write(RunResult run, Path dir) throws IOException {
        return write(ReportModel.of(run), dir);
    }

    /**
     * Writes both files of {@code model} into {@code dir} (atomically each) and returns their paths. Both are rendered
     * before either is written, so a document neither can be rendered from leaves the folder as it was.
     */
    public static List<Path> write(ReportModel model, Path dir) throws IOException {
        Path md = dir.resolve(SUMMARY_MD);
        Path html = dir.resolve(REPORT_HTML);
        String mdText = MarkdownReport.render(model);
        String htmlText = HtmlReport.render(model);
        writeAtomically(md, mdText);
        writeAtomically(html, htmlText);
        return List.of(md, html);
    }

    /** Through a temp file and a rename, with the permissions the umask gives (as results.json). */
    static void writeAtomically(Path file, String text) throws IOException {
        try {
            Json.writeTextAtomically(file, text);
        } catch (IOException e) {
            // "No space left on device" alone does not say which of the two (summary.md may be written already)
            String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            throw new IOException(why.contains(file.getFileName().toString()) ? why : file.getFileName() + ": " + why, e);
        }
    }
}
