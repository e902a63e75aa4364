package dev.fluxlab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes a file a command was asked for with an option ({@code --md}, {@code --html}), creating its folder. */
final class OutputFile {

    private OutputFile() {
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
            Files.writeString(file, text, StandardCharsets.UTF_8);
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
