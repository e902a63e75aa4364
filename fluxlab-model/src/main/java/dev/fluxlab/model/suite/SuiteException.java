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

    private static String format(String file, int line, int column, String problem) {
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
