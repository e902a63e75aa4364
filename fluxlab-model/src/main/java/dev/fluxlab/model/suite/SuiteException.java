package dev.fluxlab.model.suite;

/**
 * A suite file that cannot be run: one message naming the file, the line and column, what is wrong and
 * what would be accepted. Thrown before anything is started.
 */
public final class SuiteException extends RuntimeException {

    private final String file;
    private final int line;
    private final int column;
    private final String problem;

    public SuiteException(String file, int line, int column, String problem) {
        super(format(file, line, column, problem));
        this.file = file;
        this.line = line;
        this.column = column;
        this.problem = problem;
    }

    public SuiteException(String file, SourceLocation at, String problem) {
        this(file, at == null ? 0 : at.line(), at == null ? 0 : at.column(), problem);
    }

    /**
     * The message on one line whatever the suite holds: a value quoted in the problem (or a file name) may carry a
     * line break or another control character, shown escaped as in a Java string literal instead of breaking the line.
     */
    private static String format(String file, int line, int column, String problem) {
        return oneLine(where(file, line, column, problem));
    }

    private static String oneLine(String text) {
        StringBuilder sb = new StringBuilder(text.length());
        text.codePoints().forEach(c -> {
            switch (c) {
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (Character.isISOControl(c)) {
                        sb.append(String.format("\\u%04x", c));
                    } else {
                        sb.appendCodePoint(c);
                    }
                }
            }
        });
        return sb.toString();
    }

    private static String where(String file, int line, int column, String problem) {
        StringBuilder sb = new StringBuilder(file);
        if (line > 0) {
            sb.append(':').append(line);
            if (column > 0) {
                sb.append(':').append(column);
            }
        }
        return sb.append(": ").append(problem).toString();
    }

    public String file() {
        return file;
    }

    /** 1-based line, 0 when unknown. */
    public int line() {
        return line;
    }

    /** 1-based column, 0 when unknown. */
    public int column() {
        return column;
    }

    /** The problem without the file and position. */
    public String problem() {
        return problem;
    }
}
