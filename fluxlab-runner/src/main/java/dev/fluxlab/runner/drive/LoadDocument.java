package dev.fluxlab.runner.drive;

import dev.fluxlab.model.Json;
import dev.fluxlab.model.load.LoadResult;
import dev.fluxlab.runner.process.ChildProcess;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Reads the document a load process wrote itself ({@code --json}) once it has ended, and says why there is none. */
final class LoadDocument {

    private LoadDocument() {
    }

    /**
     * The result of a load process that has ended: its document and the first problem, {@code problem} (from the
     * wait) before an unreadable document, a failed exit and a missing document.
     */
    static DriveResult read(LoadJob job, ChildProcess c, boolean fromTarget, double end, String problem) {
        return read(job, job.json(), c, fromTarget, end, problem);
    }

    /** {@link #read(LoadJob, ChildProcess, boolean, double, String)} of a document written to {@code json}. */
    static DriveResult read(LoadJob job, Path json, ChildProcess c, boolean fromTarget, double end, String problem) {
        return read(job, json, c, fromTarget, end, problem, c.exitCode());
    }

    /**
     * {@link #read(LoadJob, Path, ChildProcess, boolean, double, String)} of a load that ended with {@code code}
     * (null: not known to have ended), which for a job of a kept injector is the job's, not its process's.
     */
    static DriveResult read(LoadJob job, Path json, ChildProcess c, boolean fromTarget, double end, String problem,
                            Integer code) {
        LoadResult load = null;
        if (Files.exists(json)) {
            try {
                load = Json.read(json, LoadResult.class);
            } catch (IOException e) {
                problem = "the injector's result " + job.runDir().relativize(json) + " is unreadable: "
                        + e.getMessage();
            }
        }
        if (problem == null && code != null && code != 0) {
            problem = "the injector failed (exit code " + code + (code == 2 ? ": bad input" : "")
                    + "); last lines of its log:\n" + c.lastLines(8);
        } else if (problem == null && load == null) {
            problem = "the injector wrote no result document; last lines of its log:\n" + c.lastLines(8);
        }
        return new DriveResult(load, c, fromTarget, job.watch().measureStart(), end, problem, List.of());
    }
}
