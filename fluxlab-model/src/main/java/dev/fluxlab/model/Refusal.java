package dev.fluxlab.model;

import java.util.Collection;

/**
 * The lab's one wording of a value that is none of a known list, {@code unknown <what> '<value>'; accepted: a, b, c}:
 * the names of a {@link Labelled} enum ({@link Labelled#refusal}) and every list of plain strings (GCs, HTTP methods,
 * injectors, a knob's values), so a refusal reads the same wherever the list comes from. What the list alone does not
 * say (what the names mean, why no other is offered) follows in parentheses. An empty path has its one wording too,
 * {@link #emptyPath}, and so has a path holding a NUL character, {@link #nulInPath}.
 */
public final class Refusal {

    private Refusal() {
    }

    /**
     * {@code unknown <what> '<value>'; accepted: a, b, c}.
     *
     * @param what     what the value stands for ("GC", "injector")
     * @param value    the value as written
     * @param accepted the values accepted there, in the order to list them
     */
    public static String unknown(String what, String value, Collection<String> accepted) {
        return unknown(what, value, accepted, null);
    }

    /**
     * {@code unknown <what> '<value>'; accepted: a, b, c (<aside>)}: the list followed by what it alone does not say.
     *
     * @param aside what follows the list in parentheses (what the names mean, the rest of a long list); null for none
     */
    public static String unknown(String what, String value, Collection<String> accepted, String aside) {
        return "unknown " + what + " '" + value + "'; accepted: " + String.join(", ", accepted)
                + (aside == null ? "" : " (" + aside + ")");
    }

    /**
     * Why an empty path is refused, and the fix: an empty argument (an unset shell variable, {@code fluxlab report
     * "$RUN"}) would otherwise name the working directory, whose run a command would read, rewrite or continue.
     */
    public static final String EMPTY_PATH = "the path is empty, which names no file or folder (an unset shell "
            + "variable?); give a path";

    /**
     * {@code <what>: the path is empty, ...; give a path}: the lab's one wording of an empty path, the command line's
     * (every path option and parameter, named as the user typed it) and a library's that code may call.
     *
     * @param what the option or parameter ("--resume", "DIR"), or what the path stands for
     */
    public static String emptyPath(String what) {
        return what + ": " + EMPTY_PATH;
    }

    /**
     * {@code <what> holds a NUL character ...; remove it}: the lab's one wording of a path-valued key (a command
     * target's {@code cwd}, a host's {@code jdk}, {@code work_dir} or {@code ssh_config}) whose value YAML can carry
     * ({@code "a\0b"}) and no file system can: Java refused it as a generic invalid path ("Nul character not
     * allowed"), naming no key, or a check said the file did not exist.
     *
     * @param what the key and whose it is ("'cwd' of target 'my-app'")
     */
    public static String nulInPath(String what) {
        return what + " holds a NUL character (\\u0000), which no file or folder path can carry (the kernel ends a "
                + "path at its first NUL); remove it";
    }

    /** Whether {@code path} holds a NUL character ({@link #nulInPath}); false for null. */
    public static boolean hasNul(String path) {
        return path != null && path.indexOf('\0') >= 0;
    }
}
