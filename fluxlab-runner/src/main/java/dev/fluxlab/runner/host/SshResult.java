package dev.fluxlab.runner.host;

/**
 * What a command run over ssh returned: its exit status ({@value #SSH_FAILED} when ssh itself failed, e.g. could not
 * connect or authenticate), its standard output and error.
 */
public record SshResult(int exit, String stdout, String stderr) {

    /** The exit status ssh uses for its own errors. */
    public static final int SSH_FAILED = 255;

    /** This result when the command succeeded; otherwise a {@link HostException} saying what {@code doing} failed. */
    public SshResult requireOk(SshHost host, String doing) {
        if (exit == 0) {
            return this;
        }
        if (exit == SSH_FAILED) {
            throw new HostException(SshErrors.explain(host, stderr));
        }
        throw new HostException("host '" + host.name() + "': could not " + doing + " (exit " + exit + "): "
                + firstLine(stderr.isBlank() ? stdout : stderr));
    }

    static String firstLine(String s) {
        String t = s.strip();
        int nl = t.indexOf('\n');
        return nl < 0 ? t : t.substring(0, nl);
    }
}
