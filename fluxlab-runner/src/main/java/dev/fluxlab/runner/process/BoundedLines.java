package dev.fluxlab.runner.process;

import java.io.IOException;
import java.io.Reader;

/**
 * The lines of a child's output, each cut at {@value #MAX_CHARS} characters (the rest of that line is read and
 * dropped, and the line ends with {@value #CUT}): a process printing without line ends cannot fill the runner's
 * memory, as {@code BufferedReader.readLine} would let it.
 */
final class BoundedLines implements AutoCloseable {

    static final int MAX_CHARS = 1 << 20;
    static final String CUT = " [line cut at 1 MB]";

    private final Reader in;
    private final char[] buf = new char[8192];
    private int pos;
    private int end;
    /** The last line ended at {@code \r}: a {@code \n} right after it ends nothing more. */
    private boolean skipLf;

    BoundedLines(Reader in) {
        this.in = in;
    }

    /**
     * The next line without its line end ({@code \n}, {@code \r} or {@code \r\n}, as {@code BufferedReader} reads
     * them), or null at the end of the output.
     */
    String readLine() throws IOException {
        StringBuilder line = null;
        boolean cut = false;
        while (true) {
            if (pos == end) {
                end = in.read(buf);
                pos = 0;
                if (end <= 0) {
                    end = 0;
                    return line == null ? null : finish(line, cut);
                }
            }
            if (skipLf && buf[pos] == '\n') {
                pos++;
                skipLf = false;
                continue;
            }
            skipLf = false;
            if (line == null) {
                line = new StringBuilder();
            }
            int start = pos;
            while (pos < end && buf[pos] != '\n' && buf[pos] != '\r') {
                pos++;
            }
            int room = MAX_CHARS - line.length();
            int n = pos - start;
            line.append(buf, start, Math.min(n, Math.max(0, room)));
            cut |= n > room;
            if (pos < end) { // at a line end
                boolean cr = buf[pos++] == '\r';
                if (cr && pos < end && buf[pos] == '\n') {
                    pos++;
                } else {
                    skipLf = cr && pos == end; // its \n, if any, comes with the next read
                }
                return finish(line, cut);
            }
        }
    }

    private static String finish(StringBuilder line, boolean cut) {
        return cut ? line.append(CUT).toString() : line.toString();
    }

    /** Whether more output can be read without waiting (what is buffered, or the underlying reader's word). */
    boolean ready() throws IOException {
        return pos < end || in.ready();
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
