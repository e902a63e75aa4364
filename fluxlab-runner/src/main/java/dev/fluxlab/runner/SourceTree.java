package dev.fluxlab.runner;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The git commit fluxlab runs from and whether its tree had uncommitted changes, when {@code FLUXLAB_HOME} (set by
 * the {@code fluxlab} launcher) is a git checkout and {@code git} is installed; empty otherwise (an unpacked
 * release, no git). Each git call is bounded to a few seconds.
 *
 * @param commit the full commit id of {@code HEAD}
 * @param dirty  whether {@code git status --porcelain} listed anything (tracked changes or untracked files that
 *               {@code .gitignore} does not hide)
 */
public record SourceTree(String commit, boolean dirty) {

    private static final long GIT_TIMEOUT_S = 5;

    /** The checkout at {@code FLUXLAB_HOME}, if it is one. */
    public static Optional<SourceTree> ofFluxlabHome() {
        String home = System.getenv("FLUXLAB_HOME");
        return home == null ? Optional.empty() : of(Path.of(home));
    }

    /** The checkout at {@code dir}, if it is one. */
    public static Optional<SourceTree> of(Path dir) {
        if (!Files.exists(dir.resolve(".git"))) {
            return Optional.empty();
        }
        Optional<String> head = git(dir, "rev-parse", "HEAD").map(String::strip).filter(s -> s.matches("[0-9a-f]{40,64}"));
        Optional<String> status = git(dir, "status", "--porcelain");
        return head.flatMap(h -> status.map(s -> new SourceTree(h, !s.isBlank())));
    }

    /** {@code 1a2b3c4d5e6f} or {@code 1a2b3c4d5e6f-dirty}: what a run records as fluxlab's version. */
    public String version() {
        return commit.substring(0, 12) + (dirty ? "-dirty" : "");
    }

    private static Optional<String> git(Path dir, String... args) {
        // --no-optional-locks: `git status` would otherwise refresh the index under index.lock, a write in the user's
        // checkout that can make a git command of theirs fail at the same moment
        String[] cmd = new String[args.length + 4];
        cmd[0] = "git";
        cmd[1] = "--no-optional-locks";
        cmd[2] = "-C";
        cmd[3] = dir.toString();
        System.arraycopy(args, 0, cmd, 4, args.length);
        try {
            Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(GIT_TIMEOUT_S, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return Optional.empty();
            }
            return p.exitValue() == 0 ? Optional.of(new String(out, StandardCharsets.UTF_8)) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
