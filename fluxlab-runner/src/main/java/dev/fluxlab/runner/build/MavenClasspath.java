package dev.fluxlab.runner.build;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Resolves a {@link BuildRequest} with the checkout's own Maven ({@code ./mvnw}, the build's Maven): a generated pom
 * naming the libraries, {@code dependency:list} writing every resolved jar with its file. Offline first, so a build in
 * the local repository (a {@code publishToMavenLocal}, SNAPSHOTs included) needs no network; only what is not there is
 * looked up in the remotes the user's Maven knows (settings.xml mirrors included), with bounded connect and request
 * timeouts, and the whole resolution is bounded in time.
 *
 * @param home        FLUXLAB_HOME, which holds {@code mvnw}
 * @param localRepo   the local repository to resolve from; null = Maven's own ({@code ~/.m2/repository}, or
 *                    settings.xml's). Maven's plugins still come from {@code ~/.m2/repository} (a chained tail
 *                    repository, Maven 3.9's {@code maven.repo.local.tail})
 * @param offlineOnly never look a remote up (tests)
 * @param timeout     the longest one Maven run may take
 */
public record MavenClasspath(Path home, Path localRepo, boolean offlineOnly, Duration timeout) {

    /** What Maven could not resolve, in one line. */
    public static final class Unresolved extends Exception {
        private final boolean natives;

        Unresolved(String message, boolean natives) {
            super(message);
            this.natives = natives;
        }

        /** Whether what failed is a Netty native transport jar (the build may run without it, on nio). */
        public boolean natives() {
            return natives;
        }
    }

    private static final String DEPENDENCY_PLUGIN = "org.apache.maven.plugins:maven-dependency-plugin:3.8.1:list";

    /** Where Maven reads and writes when no local repository is given (unless settings.xml says otherwise). */
    public static Path defaultLocalRepo() {
        return Path.of(System.getProperty("user.home"), ".m2", "repository");
    }

    /** The repository this resolver reads the libraries from, in words. */
    public Path repository() {
        return localRepo != null ? localRepo : defaultLocalRepo();
    }

    /** Resolves {@code r} into {@code work} (its generated pom, the list and Maven's log go there). */
    public List<ResolvedJar> resolve(BuildRequest r, Path work) throws Unresolved, IOException {
        Files.createDirectories(work);
        Files.writeString(work.resolve("pom.xml"), pom(r));
        Path list = work.resolve("classpath.txt");
        Files.deleteIfExists(list);
        Optional<String> failure = run(work, list, true);
        if (failure.isPresent() && !offlineOnly) {
            failure = run(work, list, false);
        }
        if (failure.isPresent()) {
            String why = failure.get();
            throw new Unresolved(why, why.contains("netty-transport-native") || why.contains("native-quic")
                    || why.contains("native-macos"));
        }
        return parse(Files.readAllLines(list));
    }

    private Optional<String> run(Path work, Path list, boolean offline) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(home.resolve("mvnw").toString(), "-B", "-q", "-f",
                work.resolve("pom.xml").toString()));
        if (offline) {
            cmd.add("-o");
        } else {
            cmd.addAll(List.of("-Daether.connector.connectTimeout=10000", "-Daether.connector.requestTimeout=30000"));
        }
        if (localRepo != null) {
            cmd.add("-Dmaven.repo.local=" + localRepo);
            Path tail = Path.of(System.getProperty("user.home"), ".m2", "repository");
            if (!tail.equals(localRepo) && Files.isDirectory(tail)) {
                cmd.add("-Dmaven.repo.local.tail=" + tail); // Maven's own plugins, offline
            }
        }
        cmd.addAll(List.of(DEPENDENCY_PLUGIN, "-DoutputAbsoluteArtifactFilename=true", "-DincludeScope=runtime",
                "-DoutputFile=" + list));
        Path log = work.resolve(offline ? "maven-offline.log" : "maven.log");
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(work.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process p = pb.start();
        try {
            if (!p.waitFor(timeout.toSeconds(), TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                return Optional.of("Maven did not finish within " + timeout.toSeconds() + " s (log: " + log + ")");
            }
        } catch (InterruptedException e) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            return Optional.of("interrupted");
        }
        if (p.exitValue() == 0 && Files.isRegularFile(list)) {
            return Optional.empty();
        }
        return Optional.of(firstError(Files.readAllLines(log)) + " (log: " + log + ")");
    }

    /** Maven's own reason, shortened to the artifact it could not find. */
    static String firstError(List<String> lines) {
        for (String l : lines) {
            java.util.regex.Matcher offline = OFFLINE_MISS.matcher(l);
            if (offline.find()) {
                return "Could not find artifact " + offline.group(1) + " in the local repository (offline)";
            }
            java.util.regex.Matcher missing = MISSING.matcher(l);
            if (missing.find()) {
                return "Could not find artifact " + missing.group(1) + (missing.group(2) == null ? ""
                        : " in " + missing.group(2));
            }
        }
        return lines.stream().filter(l -> l.startsWith("[ERROR]")).findFirst().map(l -> l.substring(8).strip())
                .orElse("Maven failed");
    }

    private static final java.util.regex.Pattern OFFLINE_MISS =
            java.util.regex.Pattern.compile("in offline mode and the artifact (\\S+) has not been downloaded");
    private static final java.util.regex.Pattern MISSING =
            java.util.regex.Pattern.compile("Could not find artifact (\\S+)(?: in (\\S+))?");

    /** The pom that names the build's libraries (its dependencies are exactly what the classpath gets). */
    static String pom(BuildRequest r) {
        StringBuilder deps = new StringBuilder();
        dep(deps, "io.projectreactor.netty", "reactor-netty-http", r.reactorNetty(), null, !r.natives());
        if (r.reactorCore() != null) {
            dep(deps, "io.projectreactor", "reactor-core", r.reactorCore(), null, false);
        }
        if (r.natives()) {
            for (String n : r.line().natives()) {
                dep(deps, "io.netty", n, null, "linux-x86_64", false);
            }
        }
        for (String extra : r.nettyExtra()) {
            String[] ac = extra.split(":", 2);
            if (ac.length == 2 && r.natives() && ac[1].equals("linux-x86_64") && r.line().natives().contains(ac[0])) {
                continue; // named above already
            }
            dep(deps, "io.netty", ac[0], null, ac.length == 2 ? ac[1] : null, false);
        }
        return """
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <modelVersion>4.0.0</modelVersion>
                  <!-- generated by fluxlab (runner.build): the libraries of one build, resolved by dependency:list -->
                  <groupId>dev.fluxlab.build</groupId>
                  <artifactId>classpath</artifactId>
                  <version>0</version>
                  <packaging>pom</packaging>
                  <dependencyManagement>
                    <dependencies>
                      <dependency>
                        <groupId>io.netty</groupId>
                        <artifactId>netty-bom</artifactId>
                        <version>%s</version>
                        <type>pom</type>
                        <scope>import</scope>
                      </dependency>
                    </dependencies>
                  </dependencyManagement>
                  <dependencies>
                %s  </dependencies>
                </project>
                """.formatted(r.netty(), deps);
    }

    private static void dep(StringBuilder b, String g, String a, String v, String classifier, boolean noNatives) {
        b.append("    <dependency><groupId>").append(g).append("</groupId><artifactId>").append(a).append("</artifactId>");
        if (v != null) {
            b.append("<version>").append(v).append("</version>");
        }
        if (classifier != null) {
            b.append("<classifier>").append(classifier).append("</classifier>");
        }
        if (noNatives) {
            b.append("<exclusions>");
            for (String n : List.of("netty-transport-native-epoll", "netty-transport-native-io_uring",
                    "netty-resolver-dns-native-macos", "netty-codec-native-quic")) {
                b.append("<exclusion><groupId>io.netty</groupId><artifactId>").append(n)
                        .append("</artifactId></exclusion>");
            }
            b.append("</exclusions>");
        }
        b.append("</dependency>\n");
    }

    /**
     * The jars of {@code dependency:list}'s lines ({@code g:a:type[:classifier]:version:scope:/path -- module m}),
     * a SNAPSHOT's with its file's hash and time.
     */
    static List<ResolvedJar> parse(List<String> lines) throws IOException {
        List<ResolvedJar> out = new ArrayList<>();
        for (String line : lines) {
            String l = line.strip();
            int module = l.indexOf(" -- ");
            if (module >= 0) {
                l = l.substring(0, module);
            }
            int slash = l.indexOf(":/");
            if (slash < 0) {
                continue;
            }
            String file = l.substring(slash + 1);
            String[] c = l.substring(0, slash).split(":");
            if (c.length < 5 || !file.endsWith(".jar")) {
                continue;
            }
            String classifier = c.length >= 6 ? c[3] : null;
            String version = c[c.length - 2];
            out.add(jar(c[0], c[1], classifier, version, Path.of(file)));
        }
        return out;
    }

    static ResolvedJar jar(String g, String a, String classifier, String version, Path file) throws IOException {
        boolean snapshot = new ResolvedJar(g, a, classifier, version, file.toString(), null, null, 0).snapshot();
        long size = Files.size(file);
        if (!snapshot) {
            return new ResolvedJar(g, a, classifier, version, file.toString(), null, null, size);
        }
        String modified = Files.getLastModifiedTime(file).toInstant().truncatedTo(ChronoUnit.SECONDS).toString();
        return new ResolvedJar(g, a, classifier, version, file.toString(), sha256(file), modified, size);
    }

    static String sha256(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; ) {
                md.update(buf, 0, n);
            }
            return HexFormat.of().formatHex(md.digest()).substring(0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** When {@code file} changed last, for a cache entry's check. */
    static Instant modified(Path file) throws IOException {
        return Files.getLastModifiedTime(file).toInstant().truncatedTo(ChronoUnit.SECONDS);
    }
}
