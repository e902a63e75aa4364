package dev.fluxlab.runner.host;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Copies local files (fluxlab's jars) into a host's work directory, only those whose content changed. The host keeps
 * a manifest ({@value #MANIFEST}, {@code sha256sum} format) of what was shipped; a file counts as up to date when the
 * manifest names it with the same SHA-256 and the file is still there. Each file goes through the host's shared ssh
 * connection into a temporary name and is renamed into place, and the manifest is rewritten only after every copy
 * succeeded, so an interrupted shipment is repeated, never half-trusted.
 */
public final class JarShipper {

    /** The manifest file in the work directory. */
    public static final String MANIFEST = ".fluxlab-manifest.sha256";

    private JarShipper() {
    }

    /**
     * Ships {@code files} (distinct file names; they land side by side in the work directory).
     *
     * @throws IllegalArgumentException when two files have the same name, or a name cannot be stored in the manifest
     * @throws HostException            when the host cannot be reached or a copy fails
     */
    public static ShipReport ship(SshHost host, List<Path> files) {
        return ship(host, host.spec().workDir(), files);
    }

    /**
     * Ships {@code files} into {@code workDir} on the host (created when missing), with that directory's own manifest:
     * a target's or a tool's classpath goes into a directory of its own beside fluxlab's ({@link HostClasspaths}), so
     * two classpaths holding different jars of one name never overwrite each other.
     */
    public static ShipReport ship(SshHost host, String workDir, List<Path> files) {
        Map<String, Path> byName = new LinkedHashMap<>();
        for (Path f : files) {
            String name = f.getFileName().toString();
            if (name.contains("\n") || name.startsWith(".")) {
                throw new IllegalArgumentException("cannot ship " + f + ": file names must not start with '.' or "
                        + "contain a line break");
            }
            Path before = byName.put(name, f);
            if (before != null) {
                throw new IllegalArgumentException("cannot ship both " + before + " and " + f + ": same file name");
            }
        }
        String dir = ShellWords.quote(workDir);
        Map<String, String> remote = parseManifest(host.run(Duration.ofSeconds(30), "mkdir -p " + dir + " && cd " + dir
                + " && if [ -f " + MANIFEST + " ]; then while read -r h n; do [ -f \"$n\" ] && echo \"$h  $n\"; done < "
                + MANIFEST + "; fi").requireOk(host, "read the manifest in " + workDir).stdout());

        Map<String, String> manifest = new TreeMap<>(remote);
        int shipped = 0;
        long bytes = 0;
        for (Map.Entry<String, Path> e : byName.entrySet()) {
            String hash = sha256(e.getValue());
            if (hash.equals(remote.get(e.getKey()))) {
                continue;
            }
            long size = size(e.getValue());
            copy(host, dir, workDir, e.getKey(), e.getValue(), Duration.ofSeconds(60 + size / 1_000_000));
            manifest.put(e.getKey(), hash);
            shipped++;
            bytes += size;
        }
        if (shipped > 0) {
            writeManifest(host, dir, workDir, manifest);
        }
        return new ShipReport(host.name(), shipped, bytes, byName.size() - shipped);
    }

    private static void copy(SshHost host, String dir, String workDir, String name, Path file, Duration timeout) {
        String part = ShellWords.quote("." + name + ".part");
        host.run(timeout, "cd " + dir + " && cat > " + part + " && mv -f " + part + " " + ShellWords.quote(name), file)
                .requireOk(host, "copy " + file + " into " + workDir);
    }

    private static void writeManifest(SshHost host, String dir, String workDir, Map<String, String> manifest) {
        StringBuilder b = new StringBuilder();
        manifest.forEach((name, hash) -> b.append(hash).append("  ").append(name).append('\n'));
        try {
            Path tmp = Files.createTempFile("fluxlab-manifest", ".sha256");
            try {
                Files.writeString(tmp, b);
                String part = ShellWords.quote("." + MANIFEST + ".part");
                host.run(Duration.ofSeconds(30), "cd " + dir + " && cat > " + part + " && mv -f " + part + " " + MANIFEST,
                        tmp).requireOk(host, "write the manifest in " + workDir);
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code sha256sum} lines ({@code HASH  NAME}) to name -> hash. */
    static Map<String, String> parseManifest(String text) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            int cut = line.indexOf("  ");
            if (cut == 64) {
                m.put(line.substring(cut + 2), line.substring(0, cut));
            }
        }
        return m;
    }

    static String sha256(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; ) {
                md.update(buf, 0, n);
            }
            return HexFormat.of().formatHex(md.digest());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JDK has no SHA-256", e);
        }
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
