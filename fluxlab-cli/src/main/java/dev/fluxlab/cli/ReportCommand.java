package dev.fluxlab.cli;

import dev.fluxlab.model.run.RunResult;
import dev.fluxlab.report.ReportFiles;
import dev.fluxlab.report.ReportInputException;
import dev.fluxlab.report.ReportModel;
import dev.fluxlab.report.ResultsFiles;
import dev.fluxlab.report.TextReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code fluxlab report DIR}: regenerates summary.md and report.html from a results folder's results.json (and
 * nothing else) and prints the terminal tables. The suite's claims are judged again by this fluxlab from the recorded
 * cells ({@link ReportModel#rejudged}); results.json itself is never written. Exit 2 when DIR holds no usable
 * results.json.
 */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Regenerates summary.md and report.html from a results folder's results.json and prints the tables.",
                "Reads nothing but results.json, so it works on any copied results folder.",
                "The suite's claims are judged again by this fluxlab from the recorded cells; verdicts that differ from "
                        + "those recorded are named. results.json is not changed."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:report written", "1:the report files could not be written", "2:bad input (no results.json, unknown schema)"})
final class ReportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "a results folder (results/<run>) or the path of its results.json")
    Path dir;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        RunResult run;
        Path file;
        try {
            file = ResultsFiles.resolve(dir);
            if (!file.getFileName().toString().equals(ResultsFiles.RESULTS_JSON)) {
                // the report is written beside it: next to any JSON file it replaced that folder's own files
                throw new ReportInputException(file + " is not a results.json: report writes summary.md and report.html "
                        + "beside the results.json of a results folder; pass that folder or its results.json");
            }
            run = ResultsFiles.load(file);
        } catch (ReportInputException e) {
            err.println("fluxlab report: " + e.getMessage());
            err.flush();
            return 2;
        }
        Path folder = file.toAbsolutePath().getParent();
        ReportModel model = ReportModel.rejudged(run);
        List<Path> written;
        try {
            written = ReportFiles.write(model, folder);
        } catch (IOException e) {
            err.println("fluxlab report: " + cannotWrite(folder, e));
            err.flush();
            return 1;
        }
        TextReport.lines(model).forEach(out::println);
        out.println();
        for (Path p : written) {
            out.println("wrote " + p);
        }
        out.flush();
        return 0;
    }

    /**
     * Why the report could not be written into {@code folder}, and the fix: a folder on a read-only file system (a
     * results folder mounted read-only, a copy on a read-only medium) is read where it is, but its report must be made
     * in a copy; the message had named a temporary file and advised checking that the folder is writable.
     */
    static String cannotWrite(Path folder, IOException e) {
        String reason = e instanceof java.nio.file.FileSystemException f && f.getReason() != null ? f.getReason()
                : e.getMessage();
        if (reason != null && reason.contains("Read-only file system")) {
            return "cannot write the report into " + folder + ": it is on a read-only file system; copy the folder to "
                    + "a writable place (cp -r '" + folder + "' /tmp/) and run 'fluxlab report' on the copy "
                    + "('fluxlab compare' reads it where it is)";
        }
        return "cannot write the report into " + folder + ": " + (reason == null ? e.toString() : reason)
                + "; check that the folder is writable";
    }
}
