package dev.fluxlab.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * A file a command writes only after its work (e.g. {@code load --json}), checked before the work starts: a
 * minutes-long load whose result then cannot be written is lost. The check creates the file's folder and a probe
 * file in it, as the later atomic write does, and removes the probe.
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
        Path dir = abs.getParent();
        try {
            Files.createDirectories(dir);
            Files.delete(Files.createTempFile(dir, "." + abs.getFileName(), ".probe"));
        } catch (IOException | SecurityException e) {
            throw new IllegalArgumentException(option + " " + file + " cannot be written (" + why(e, dir)
                    + "); choose a writable path");
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
}
