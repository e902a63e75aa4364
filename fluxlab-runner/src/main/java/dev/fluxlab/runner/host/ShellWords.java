package dev.fluxlab.runner.host;

import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Turns an argument list into one POSIX shell command line: for ssh, which hands the remote side a single string that
 * the login shell splits again, every word single-quoted ({@link #join}); for a person, the line a child was started
 * with as one can paste it into a shell, quoting only the words that need it ({@link #line}).
 */
public final class ShellWords {

    /** Words made only of these characters mean the same to a shell unquoted. */
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_@%+=:,./-]+");

    private ShellWords() {
    }

    /** {@code it's} becomes {@code 'it'\''s'}: safe for any byte sequence but NUL. */
    static String quote(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }

    static String join(List<String> words) {
        return words.stream().map(ShellWords::quote).collect(Collectors.joining(" "));
    }

    /**
     * {@code words} as a shell would take them back, for the {@code .cmd} files beside the logs and for messages:
     * {@code --header 'X-A: b'}, plain words as they are.
     */
    public static String line(List<String> words) {
        return words.stream().map(w -> PLAIN.matcher(w).matches() ? w : quote(w)).collect(Collectors.joining(" "));
    }
}
