package dev.fluxlab.report;

import dev.fluxlab.model.run.CellProfile;
import dev.fluxlab.model.run.CellResult;
import dev.fluxlab.model.run.ProcessProfile;
import dev.fluxlab.model.run.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What compare's differential profiles leave out, and that it says so. */
class ProfileDiffsTest {

    @TempDir
    Path tmp;

    private RunResult run(String name, String stacks, String... processes) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve(name).resolve("cells/001"));
        Files.writeString(dir.resolve("stacks.collapsed"), stacks);
        List<ProcessProfile> profiles = new ArrayList<>();
        for (String p : processes) {
            profiles.add(new ProcessProfile(p, "target", "ctimer", null, "cells/001/stacks.collapsed", null, null,
                    List.of(), null, null));
        }
        RunResult base = Fixtures.run();
        CellResult c = base.cells().get(0);
        CellResult profiled = new CellResult(c.id(), c.index(), c.knobs(), c.versions(), c.repeats(), c.summary(),
                c.valid(), c.reasons(), c.findings(), c.dir(), c.theory(),
                List.of(CellProfile.of("cpu", null, null, profiles, List.of())));
        return new RunResult(base.schema(), name, base.suite(), base.suiteFile(), base.description(), base.status(),
                base.startedAt(), base.finishedAt(), base.environment(), base.tables(), base.settings(),
                List.of(profiled), null);
    }

    /** Against a side without samples every frame would "move" by its whole share: no diff, and a line. */
    @Test
    void aSideWithoutSamplesGivesNoDiffButALine() throws Exception {
        RunResult a = run("a", "main;loop;write 80\nmain;loop;read 20\n", "netty");
        RunResult b = run("b", "", "netty");
        List<String> missing = new ArrayList<>();
        assertEquals(List.of(), ProfileDiffs.of(a, tmp.resolve("a"), b, tmp.resolve("b"), missing));
        assertEquals(1, missing.size(), missing.toString());
        assertEquals(" cpu netty: no samples in B", missing.get(0).substring(missing.get(0).indexOf(" cpu")));
    }

    @Test
    void aProcessProfiledOnOneSideIsNamed() throws Exception {
        RunResult a = run("a", "main;loop;write 80\n", "netty", "injector");
        RunResult b = run("b", "main;loop;write 60\nmain;loop;read 20\n", "netty");
        List<String> missing = new ArrayList<>();
        List<ProfileDiffs.Diff> diffs = ProfileDiffs.of(a, tmp.resolve("a"), b, tmp.resolve("b"), missing);
        assertEquals(1, diffs.size());
        assertEquals(-0.25, diffs.get(0).changes().stream().filter(f -> f.frame().equals("write")).findFirst()
                .orElseThrow().delta(), 1e-9, "100 % of A's samples to 75 % of B's");
        assertEquals(1, missing.size(), missing.toString());
        assertEquals(" cpu injector: profiled in A only", missing.get(0).substring(missing.get(0).indexOf(" cpu")));
    }
}
