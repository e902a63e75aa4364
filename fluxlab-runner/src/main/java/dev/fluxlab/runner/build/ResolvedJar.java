package dev.fluxlab.runner.build;

/**
 * One jar of a resolved classpath.
 *
 * @param group      groupId
 * @param artifact   artifactId
 * @param classifier classifier, or null
 * @param version    the version Maven resolved (a remote SNAPSHOT's timestamped one)
 * @param file       the jar's absolute path (in the local repository)
 * @param sha256     a SNAPSHOT's file hash (the first 12 hex digits), null for a release
 * @param modified   a SNAPSHOT file's modification time (ISO-8601, UTC), null for a release
 * @param size       the file's size, which with {@code modified} tells a SNAPSHOT rebuilt since it was cached
 */
public record ResolvedJar(String group, String artifact, String classifier, String version, String file,
                          String sha256, String modified, long size) {

    /** Whether the jar is a SNAPSHOT (its folder in the repository is {@code <base>-SNAPSHOT}). */
    public boolean snapshot() {
        return version.contains("SNAPSHOT") || version.matches(".*-\\d{8}\\.\\d{6}-\\d+");
    }

    /** {@code artifact[:classifier] version[ (sha256 ..., modified ...)]}, as printed and recorded. */
    public String describe() {
        return artifact + (classifier == null ? "" : ":" + classifier) + " " + version
                + (sha256 == null ? "" : " (sha256 " + sha256 + ", built " + modified + ")");
    }
}
