package dev.fluxlab.report;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.results.ResultsFile;
import dev.fluxlab.model.run.RunResult;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds and reads {@code results.json}, the only input of every report: a results folder or the file itself
 * may be given. Refuses documents of another schema instead of guessing at their meaning.
 */
public final class ResultsFiles {

    /** The file name the runner writes into every results folder ({@link ResultsFile#NAME}). */
    public static final String RESULTS_JSON = ResultsFile.NAME;

    private ResultsFiles() {
    }

    /** {@code dirOrFile} itself when it is a file, else {@code dirOrFile/results.json}; it must exist. */
    public static Path resolve(Path dirOrFile) throws ReportInputException {
        if (dirOrFile == null) {
            throw new ReportInputException("no results folder given; pass a results folder such as results/<run> or its "
                    + "results.json");
        }
        if (dirOrFile.toString().isEmpty()) {
            // code may pass one (the command line refuses it first): it would read the working directory's results.json
            throw new ReportInputException(dev.fluxlab.model.Refusal.emptyPath("the results folder"));
        }
        if (Files.isRegularFile(dirOrFile)) {
            return dirOrFile;
        }
        if (Files.isDirectory(dirOrFile)) {
            Path file = dirOrFile.resolve(RESULTS_JSON);
            if (Files.isRegularFile(file)) {
                return file;
            }
            throw new ReportInputException(dirOrFile + " has no " + RESULTS_JSON
                    + "; pass a results folder written by 'fluxlab run' (results/<run>) or the path of its results.json");
        }
        throw new ReportInputException(dirOrFile + (Files.exists(dirOrFile) ? " is neither a folder nor a regular file (a "
                + "device, a pipe)" : " does not exist") + "; pass a results folder (results/<run>) or its results.json");
    }

    /** Reads and checks the document at {@code dirOrFile} (folder or file): {@link ResultsFile#read}. */
    public static RunResult load(Path dirOrFile) throws ReportInputException {
        Path file = resolve(dirOrFile);
        try {
            return ResultsFile.read(file);
        } catch (ResultsFile.Refused e) {
            throw new ReportInputException(e.getMessage(), e);
        } catch (IOException e) {
            throw new ReportInputException(file + " is not a readable fluxlab results document (" + Json.problem(e)
                    + "); regenerate it with 'fluxlab run' or pass another results folder", e);
        }
    }
}
