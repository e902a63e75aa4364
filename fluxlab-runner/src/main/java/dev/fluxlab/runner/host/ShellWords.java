package dev.fluxlab.runner.host;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Turns an argument list into one POSIX shell command line, each word single-quoted, because ssh hands the remote
 * side a single string that the login shell splits again.
 */
final class ShellWords {

    private ShellWords() {
    }

    /** {@code it's} becomes {@code 'it'\''s'}: safe for any byte sequence but NUL. */
    static String quote(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }

    static String join(List<String> words) {
        return words.stream().map(ShellWords::quote).collect(Collectors.joining(" "));
    }
}
