package dev.fluxlab.options;

/**
 * What fluxlab says of a path Java cannot name: under a locale whose charset is not UTF-8 ({@code LANG=C}) a file name
 * outside ASCII cannot be turned into bytes, the usual cause, so the advice is a UTF-8 locale. Here so that a path
 * option ({@link OptionValues}) and the fluxlab command's last-resort error handler word it alike.
 */
public final class PathNames {

    private PathNames() {
    }

    /** The refusal of a path Java cannot name, with what to do about it. */
    public static String unnameable(java.nio.file.InvalidPathException e) {
        return "the path '" + e.getInput() + "' cannot be used (" + e.getReason() + "); " + localeAdvice();
    }

    /** What to do about a path Java cannot name in this locale. */
    public static String localeAdvice() {
        String charset = System.getProperty("sun.jnu.encoding", java.nio.charset.Charset.defaultCharset().name());
        return charset.equalsIgnoreCase("UTF-8") ? "give a plain file name"
                : "file names are read in this locale's charset, " + charset + ", which cannot hold every character: "
                + "run with a UTF-8 locale, e.g. LANG=C.UTF-8";
    }
}
