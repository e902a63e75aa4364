package dev.fluxlab.runner.build;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * Resolved classpaths kept by their coordinates and local repository, one folder each under {@code dir} (by default
 * {@code $FLUXLAB_HOME/.fluxlab-build/classpaths/}, next to the launcher's build log): the generated pom, Maven's log and
 * {@code classpath.json}. An entry is used again only while every jar is where it was, with the same size, and a
 * SNAPSHOT's with the same modification time: a SNAPSHOT published again is resolved again.
 */
public record BuildCache(Path dir) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The folder of {@code r}'s entry. */
    public Path folder(BuildRequest r, Path repository) {
        String key = r.cacheKey() + " @" + repository.toAbsolutePath().normalize();
        try {
            byte[] h = java.security.MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            String name = (r.reactorNetty() + "-" + r.netty() + (r.natives() ? "" : "-nio")).replaceAll("[^\\w.-]", "_");
            return dir.resolve(name + "-" + HexFormat.of().formatHex(h).substring(0, 10));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The cached jars of {@code r}, when still valid. */
    public Optional<List<ResolvedJar>> get(BuildRequest r, Path repository) {
        Path f = folder(r, repository).resolve("classpath.json");
        if (!Files.isRegularFile(f)) {
            return Optional.empty();
        }
        try {
            List<ResolvedJar> jars = JSON.readValue(f.toFile(), new TypeReference<List<ResolvedJar>>() { });
            for (ResolvedJar j : jars) {
                Path p = Path.of(j.file());
                if (!Files.isRegularFile(p) || Files.size(p) != j.size()
                        || (j.snapshot() && !MavenClasspath.modified(p).toString().equals(j.modified()))) {
                    return Optional.empty();
                }
            }
            return jars.isEmpty() ? Optional.empty() : Optional.of(jars);
        } catch (IOException | RuntimeException e) {
            return Optional.empty(); // an unreadable entry is resolved again
        }
    }

    /** Keeps {@code jars} as {@code r}'s entry. */
    public void put(BuildRequest r, Path repository, List<ResolvedJar> jars) throws IOException {
        Path folder = folder(r, repository);
        Files.createDirectories(folder);
        Path tmp = folder.resolve("classpath.json.tmp");
        JSON.writerWithDefaultPrettyPrinter().writeValue(tmp.toFile(), jars);
        Files.move(tmp, folder.resolve("classpath.json"), StandardCopyOption.REPLACE_EXISTING,
                StandardCopyOption.ATOMIC_MOVE);
    }
}
