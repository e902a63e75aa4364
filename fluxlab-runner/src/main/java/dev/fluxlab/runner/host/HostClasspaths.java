package dev.fluxlab.runner.host;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * The classpaths other than fluxlab's own that a run's hosts need: a target that runs from its module's own classpath
 * (the Spring and MVC targets, Reactor Netty 1.2, a resolved library build) and Gatling, when the suite places them on
 * a host. Each classpath is shipped like fluxlab's jars ({@link JarShipper}: by SHA-256, only what changed; class
 * directories packed with fixed times by {@link ClasspathBundle}), into a directory of its own under the host's work
 * directory, {@code WORK/classpaths/NAME-HASH}, named after its first entry and the hash of the whole local classpath,
 * so two classpaths holding different jars of one name never meet. {@link Launcher} puts the shipped classpath in
 * place of the local one on the command lines it runs there.
 */
public final class HostClasspaths {

    /** The folder under a host's work directory that holds the shipped classpaths. */
    static final String FOLDER = "classpaths";

    private final Map<String, Map<String, String>> byHost;

    private HostClasspaths(Map<String, Map<String, String>> byHost) {
        this.byHost = byHost;
    }

    /** {@code byHost}: host name to local classpath to its form there (tests build one without shipping). */
    static HostClasspaths of(Map<String, Map<String, String>> byHost) {
        return new HostClasspaths(Map.copyOf(byHost));
    }

    /** No classpath besides fluxlab's on any host. */
    public static HostClasspaths none() {
        return new HostClasspaths(Map.of());
    }

    /**
     * Ships, on every host of {@code needed} (suite host name to the local classpaths it needs), each classpath into
     * its directory there; hosts in parallel. {@code say} gets one line per host and classpath (what was shipped, or
     * that it was up to date).
     *
     * @throws HostException naming the host and what failed (nothing is started by shipping)
     * @throws IllegalArgumentException when a classpath names no file at all (its module is not built)
     */
    public static HostClasspaths ship(LabHosts hosts, Map<String, Set<String>> needed, Consumer<String> say) {
        if (needed.values().stream().allMatch(Set::isEmpty)) {
            return none();
        }
        Path tmp;
        try {
            tmp = Files.createTempDirectory("fluxlab-ship-cp");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            // packed once per classpath, shipped to every host that needs it
            Map<String, List<Path>> files = new LinkedHashMap<>();
            int n = 0;
            for (Set<String> cps : needed.values()) {
                for (String cp : cps) {
                    if (!files.containsKey(cp)) {
                        Path dir = tmp.resolve(Integer.toString(n++));
                        Files.createDirectories(dir);
                        List<Path> f = ClasspathBundle.files(cp, dir);
                        if (f.isEmpty()) {
                            throw new IllegalArgumentException("the classpath " + cp + " names no file here: build "
                                    + "its module first (./mvnw -B -q -DskipTests package)");
                        }
                        files.put(cp, f);
                    }
                }
            }
            Map<String, Future<Map<String, String>>> jobs = new LinkedHashMap<>();
            List<String> lines = java.util.Collections.synchronizedList(new ArrayList<>());
            needed.forEach((host, cps) -> {
                LabHost h = hosts.get(host);
                if (h == null) {
                    throw new HostException("host '" + host + "' was not prepared for this run");
                }
                jobs.put(host, pool.submit(() -> shipAll(h, cps, files, lines)));
            });
            Map<String, Map<String, String>> out = new LinkedHashMap<>();
            for (Map.Entry<String, Future<Map<String, String>>> j : jobs.entrySet()) {
                try {
                    out.put(j.getKey(), j.getValue().get());
                } catch (ExecutionException e) {
                    throw e.getCause() instanceof HostException he ? he
                            : new HostException("host '" + j.getKey() + "': " + e.getCause().getMessage());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new HostException("interrupted while shipping classpaths to host '" + j.getKey() + "'");
                }
            }
            lines.stream().sorted().forEach(say);
            return new HostClasspaths(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            deleteQuietly(tmp);
        }
    }

    private static Map<String, String> shipAll(LabHost h, Set<String> cps, Map<String, List<Path>> files,
                                               List<String> lines) {
        Map<String, String> mapped = new LinkedHashMap<>();
        for (String cp : cps) {
            List<Path> f = files.get(cp);
            String dir = h.ssh().spec().workDir() + "/" + FOLDER + "/" + directoryName(cp, f);
            ShipReport r = JarShipper.ship(h.ssh(), dir, f);
            lines.add("host '" + h.name() + "': " + label(f) + "'s classpath (" + f.size() + " files): "
                    + (r.shipped() == 0 ? "up to date" : String.format(Locale.ROOT, "shipped %d (%.1f MB)",
                    r.shipped(), r.bytes() / 1e6) + (r.upToDate() > 0 ? ", " + r.upToDate() + " up to date" : "")));
            mapped.put(cp, ClasspathBundle.remote(f, dir));
        }
        return mapped;
    }

    /** The classpath that replaces {@code local} on {@code host}; empty when it was not shipped there. */
    public Optional<String> remote(String host, String local) {
        Map<String, String> m = byHost.get(host);
        return m == null ? Optional.empty() : Optional.ofNullable(m.get(local));
    }

    /** {@code NAME-HASH}: the first file's name without {@code .jar}, and 12 hex digits of the local classpath's hash. */
    static String directoryName(String classpath, List<Path> files) {
        return label(files).replaceAll("[^A-Za-z0-9._-]", "_") + "-" + hash(classpath).substring(0, 12);
    }

    /** How a classpath is named in messages: its first file without {@code .jar}. */
    static String label(List<Path> files) {
        String first = files.getFirst().getFileName().toString();
        return first.endsWith(".jar") ? first.substring(0, first.length() - 4) : first;
    }

    private static String hash(String s) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JDK has no SHA-256", e);
        }
    }

    private static void deleteQuietly(Path dir) {
        try (var s = Files.walk(dir)) {
            s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary folder left behind
        }
    }
}
