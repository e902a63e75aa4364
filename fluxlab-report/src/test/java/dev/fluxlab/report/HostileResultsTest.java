package dev.fluxlab.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A results folder copied from someone else is input like any other: the file names its results.json records
 * neither make {@code compare} read outside the folder nor put a script link into report.html.
 */
class HostileResultsTest {

    @TempDir
    Path dir;

    @Test
    void collapsedStacksAreReadFromInsideTheResultsFolderOnly() throws Exception {
        Path run = Files.createDirectories(dir.resolve("run"));
        Path cells = Files.createDirectories(run.resolve("cells/001-x"));
        Path stacks = Files.writeString(cells.resolve("injector-cpu.collapsed"), "a;b 3\n");
        Files.writeString(dir.resolve("secret.collapsed"), "secret 1\n");
        assertEquals(stacks, ProfileDiffs.inside(run, "cells/001-x/injector-cpu.collapsed"));
        assertNull(ProfileDiffs.inside(run, "../secret.collapsed"), "leaves the folder");
        assertNull(ProfileDiffs.inside(run, dir.resolve("secret.collapsed").toString()), "absolute");
        assertNull(ProfileDiffs.inside(run, "cells/001-x/../../../secret.collapsed"), "leaves it on the way");
        assertNull(ProfileDiffs.inside(run, "cells/001-x"), "a folder");
        assertNull(ProfileDiffs.inside(run, "/dev/zero"), "a device that never ends");
        Files.createSymbolicLink(cells.resolve("link.collapsed"), dir.resolve("secret.collapsed"));
        assertNull(ProfileDiffs.inside(run, "cells/001-x/link.collapsed"), "a link out of the folder");
        Path secrets = Files.createDirectories(dir.resolve("secrets"));
        Files.writeString(secrets.resolve("notes.txt"), "password 1\n");
        Files.createSymbolicLink(run.resolve("cells/lnk"), secrets);
        assertNull(ProfileDiffs.inside(run, "cells/lnk/notes.txt"), "a linked folder on the way out of the folder");
    }

    /** A page of compare's own folder: a link planted there is replaced, not written through to its target. */
    @Test
    void aDiffPageReplacesALinkInsteadOfWritingThroughIt() throws Exception {
        Path out = Files.createDirectories(dir.resolve("profile-diff-a"));
        Path victim = Files.writeString(dir.resolve("victim.txt"), "mine");
        ProfileDiffs.Diff d = new ProfileDiffs.Diff("cell", "cpu", "injector", 1, 1, java.util.List.of());
        Files.createSymbolicLink(out.resolve(d.fileName(1)), victim);
        java.util.List<Path> pages = ProfileDiffs.write(java.util.List.of(d), "A", "B", out);
        assertEquals("mine", Files.readString(victim));
        assertTrue(Files.isRegularFile(pages.get(0), java.nio.file.LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void aDeviceIsNamedAsOneNotAsMissing() {
        ReportInputException e = org.junit.jupiter.api.Assertions.assertThrows(ReportInputException.class,
                () -> ResultsFiles.load(Path.of("/dev/zero")));
        assertTrue(e.getMessage().startsWith("/dev/zero is neither a folder nor a regular file"), e.getMessage());
    }

    @Test
    void onlyTheRunnersRelativeFileNamesBecomeLinks() {
        assertTrue(ProfileView.isRelativePath("cells/001-reactor-netty-h2c-c=16-m=1/injector-cpu.html"));
        for (String hostile : new String[]{"javascript:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)",
                "JAVASCRIPT:alert(1)", "https://example.com/", "//example.com/x", "/etc/passwd", "a\"onclick=\"x",
                "cells/x.html#<script>", "data:text/html,x"}) {
            assertFalse(ProfileView.isRelativePath(hostile), hostile);
        }
    }

    /**
     * A profile link from a copied results.json stays inside the results folder, by the same check compare applies to
     * the files it reads: {@code ..} paths are shown without a link (issue 38, finding 9).
     */
    @Test
    void aProfileLinkLeavingTheFolderIsNoLink() {
        for (String leaving : new String[]{"../../etc/passwd", "..", "cells/../../x.html", "./../x.html", "cells/.."}) {
            assertFalse(ProfileView.isRelativePath(leaving), leaving);
        }
        assertTrue(ProfileView.isRelativePath("cells/a/../b/injector-cpu.html"), "a path that stays inside is a link");
    }

    /** summary.md is read with cat too: a frame name, a knob or a log line carries no escape sequence into it. */
    @Test
    void markdownCarriesNoControlCharacters() {
        String hostile = "frame\u001b]0;owned\u0007\u009b2J\u202e\u0000end\ttab";
        for (String out : new String[]{MarkdownReport.text(hostile), MarkdownReport.code(hostile),
                MarkdownReport.plain(hostile)}) {
            assertTrue(out.chars().noneMatch(c -> MarkdownReport.control((char) c)), out);
            assertTrue(out.contains("\t"), "a tab stays: " + out);
        }
        assertEquals("frame?]0;owned??2J??end\ttab", MarkdownReport.code(hostile));
    }
}
