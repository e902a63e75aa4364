package dev.fluxlab.cli;

import dev.fluxlab.model.Json;
import dev.fluxlab.report.ReportFiles;
import dev.fluxlab.runner.Runner;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * A file a command was asked to write with an option ({@code load --json}, {@code compare --md}, {@code history
 * --html}): checked before the work starts when the work is long (a minutes-long load whose result then cannot be
 * written is lost: the check creates a probe file in the file's folder, or in its nearest existing ancestor when the
 * folder is still to be made, and removes it; the folder itself is created only when the file is written, so a
 * command refused later leaves nothing behind), and written with one clear line when it fails.
 */
final class OutputFile {

    private OutputFile() {
    }

    /**
     * @param option the option that named the file, for the message (e.g. {@code --json})
     * @throws IllegalArgumentException naming the file and why it cannot be written
     */
    static void checkWritable(String option, Path file) {
        Path abs = file.toAbsolutePath();
        if (Files.isDirectory(abs)) {
            throw new IllegalArgumentException(option + " " + file + " is a folder; give a file name");
        }
        if (tooLongForAName(abs.getFileName())) {
            throw new IllegalArgumentException(option + " " + file + ": its name is longer than " + MAX_NAME_BYTES
                    + " bytes, the most a Linux file name holds; give a shorter one");
        }
        checkCreatable(option, file, abs.getParent(), "written");
    }

    /** Longest file name (bytes) Linux file systems take. */
    static final int MAX_NAME_BYTES = 255;

    /** Whether {@code name} (one path element) is longer than a Linux file system takes. */
    static boolean tooLongForAName(Path name) {
        return name.toString().getBytes(StandardCharsets.UTF_8).length > MAX_NAME_BYTES;
    }

    /**
     * Refuses an output that is one of the command's inputs ({@code compare --md A/results.json}, {@code load --json}
     * on its {@code --body-file}): writing it would destroy what the command read.
     *
     * @param what the input in words, for the message (e.g. {@code A's results.json})
     * @throws IllegalArgumentException naming both
     */
    static void checkNotInput(String option, Path file, String what, Path input) {
        if (file == null || input == null) {
            return;
        }
        boolean same = file.toAbsolutePath().normalize().equals(input.toAbsolutePath().normalize());
        try {
            same |= Files.exists(file) && Files.exists(input) && Files.isSameFile(file, input);
        } catch (IOException e) {
            // unreadable: the write reports it
        }
        if (same) {
            throw new IllegalArgumentException(option + " " + file + " is " + what + ", which this command reads: "
                    + "writing it would replace it; choose another file");
        }
    }

    /** The files 'fluxlab run' writes at the top of a results folder; everything in its subfolders is its own too. */
    private static final java.util.Set<String> RUN_FILES = java.util.Set.of(Runner.RESULTS_FILE, Runner.SUITE_COPY,
            ReportFiles.SUMMARY_MD, ReportFiles.REPORT_HTML);

    /**
     * Refuses an output that would replace an existing file of a results folder (a folder holding a results.json: its
     * results.json, suite.yaml, summary.md, report.html, and anything in its subfolders, such as a load document).
     * {@code compare --md A/suite.yaml} made the run impossible to resume; {@code history --html} over a run's
     * results.json dropped the run from the history. A new file, or one of the user's own beside the run's files, is fine.
     *
     * @throws IllegalArgumentException naming the file and the run folder
     */
    static void checkNotRunFile(String option, Path file) {
        if (file == null || !Files.exists(file, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Path real;
        try {
            real = file.toRealPath();
        } catch (IOException e) {
            real = file.toAbsolutePath().normalize();
        }
        Path run = real.getParent();
        if (run != null && Files.isRegularFile(run.resolve(Runner.RESULTS_FILE))
                && !RUN_FILES.contains(real.getFileName().toString())) {
            return; // a file of the user's own beside the run's, e.g. a compare.md written there before
        }
        for (Path dir = run; dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve(Runner.RESULTS_FILE))) {
                throw new IllegalArgumentException(option + " " + file + " is a file of the results folder " + dir
                        + ", which writing it would replace; choose a new file name or a file outside that folder");
            }
        }
    }

    /**
     * Writes {@code text} to a file the user named, replacing it atomically (a temp file beside it, then a rename) so a
     * reader never sees half of it. Through a symbolic link, the file it points to is replaced and the link kept; an
     * existing device or pipe ({@code /dev/null}, {@code /dev/stdout}) is written into, never replaced by a file.
     */
    static void writeAtomically(Path file, String text) throws IOException {
        Path target = file;
        for (int links = 0; Files.isSymbolicLink(target) && links < 40; links++) {
            target = target.toAbsolutePath().resolveSibling(Files.readSymbolicLink(target));
        }
        if (Files.exists(target) && !Files.isRegularFile(target) && !Files.isDirectory(target)) {
            Files.writeString(target, text, StandardCharsets.UTF_8);
            return;
        }
        Json.writeTextAtomically(target, text);
    }

    /**
     * Checks that the folder {@code dir} (which does not exist yet) can be created, as {@link #checkWritable} checks a
     * file: a probe file in its nearest existing ancestor, nothing left behind.
     *
     * @throws IllegalArgumentException naming the folder and why it cannot be created
     */
    static void checkCreatable(String option, Path dir) {
        checkCreatable(option, dir, dir.toAbsolutePath(), "created");
    }

    /** As {@link #checkCreatable(String, Path)} for a folder that exists: a file can be written into it. */
    static void checkFolderWritable(String option, Path dir) {
        checkCreatable(option, dir, dir.toAbsolutePath(), "written");
    }

    /**
     * Bytes the probe file holds: an empty file needs no free block, so a full disk would pass a probe that writes
     * nothing (the load then ran and its document could not be written).
     */
    private static final int PROBE_BYTES = 4096;

    private static void checkCreatable(String option, Path shown, Path folder, String verb) {
        Path dir = folder;
        while (dir.getParent() != null && !Files.exists(dir)) {
            if (Files.isSymbolicLink(dir)) { // a link to nothing: writing through it fails, whatever its folder allows
                throw new IllegalArgumentException(option + " " + shown + " cannot be " + verb + " (" + dir
                        + " is a symbolic link to " + linkTarget(dir) + ", which does not exist); create that folder, "
                        + "or choose another path");
            }
            dir = dir.getParent();
        }
        try {
            if (!Files.isDirectory(dir)) {
                throw new FileAlreadyExistsException(dir.toString());
            }
            Path probe = Files.createTempFile(dir, ".fluxlab-", ".probe");
            try {
                Files.write(probe, new byte[PROBE_BYTES]);
            } finally {
                Files.deleteIfExists(probe);
            }
        } catch (IOException | SecurityException e) {
            throw new IllegalArgumentException(option + " " + shown + " cannot be " + verb + " (" + why(e, dir)
                    + "); choose a writable path");
        }
    }

    /** Where the link {@code link} points, as written. */
    static String linkTarget(Path link) {
        try {
            return Files.readSymbolicLink(link).toString();
        } catch (IOException e) {
            return "a path that cannot be read";
        }
    }

    private static String why(Exception e, Path dir) {
        if (e instanceof FileAlreadyExistsException f) {
            return f.getFile() + " is not a folder";
        }
        if (e instanceof NoSuchFileException) {
            return "the folder " + dir + " cannot be created or holds no files";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied in " + dir;
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return e.getMessage();
    }

    /**
     * Writes {@code text} to {@code file} and prints {@code wrote FILE}; on failure prints one line naming the option to
     * change and returns false.
     *
     * @param command the command's name for the message, e.g. {@code fluxlab compare}
     * @param option  the option that named the file, e.g. {@code --md}
     */
    static boolean write(Path file, String text, String command, String option, PrintWriter out, PrintWriter err) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            writeAtomically(file, text);
            out.println("wrote " + file);
            return true;
        } catch (IOException e) {
            out.flush();
            err.println(command + ": cannot write " + file + ": " + e.getMessage() + "; choose a writable " + option + " path");
            err.flush();
            return false;
        }
    }
}
