package dev.fluxlab.runner.launch;

import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.runner.registry.LaunchDef;
import dev.fluxlab.runner.registry.TargetRegistry;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The JDK 25 AOT caches of the targets (classes loaded and linked, method profiles of a training load: JEP 483, 514,
 * 515), one per <em>variant</em>: a target's classpath (each jar's path, size and modification time, which is what
 * the JVM itself checks), its main and arguments (what the training exercised), the JVM that runs it, and the JVM
 * options a cache depends on. Tried on JDK 25.0.3: the JVM refuses a cache under other module options
 * ({@code --enable-native-access}), without compressed oops (ZGC, a heap of 32 GB or more, {@code -UseCompressedOops}),
 * with {@code UseCompactObjectHeaders} changed, or with another JDK or changed jars; it takes a G1-trained cache
 * under Parallel, Serial or Shenandoah, any heap below 32 GB and {@code -XX:ActiveProcessorCount}. The key holds the
 * GC anyway (a GC comparison then compares JVMs trained alike), the suite's flags (few per suite) and the process's
 * knobs (its program arguments: what the training exercised. A cache trained on one protocol's load and used for
 * another's lowered that one's steady state, decided by interleaved trials on the lab's VM: h2c from a cache
 * trained over HTTP/1.1 served 0.89x [0.839, 0.934] of a cold start), not the heap size (only its compressed-oops
 * class): so the caches are bounded by targets x GCs x flag sets x knob sets, and each is trained by the first cell
 * that needs it.
 *
 * <p>A cache lives beside the build it belongs to, in {@code target/aot/} of the module holding the classpath's first
 * jar (the CLI's for the lab's own targets), as {@code <target>-<gc>-<knobs>-<key>.aot} ({@code <knobs>}: 8 hex digits
 * of the knobs): {@code mvn clean} removes it, and a new key replaces the older caches of the same target, GC and
 * knobs. Used only when the targets run on this very JVM (JDK 25 or newer), on the runner's machine, a suite asks for
 * it ({@code aot: true}; targets start cold by default) and {@code FLUXLAB_AOT} is not {@code 0}.
 */
public final class TargetAotCache {

    /** The environment variable that turns AOT caches off (the injector's and the targets'). */
    public static final String ENV_SWITCH = "FLUXLAB_AOT";
    /**
     * The system property that turns the targets' caches off in one JVM ({@code 0}), as {@code FLUXLAB_AOT=0} does:
     * the end-to-end tests set it, so that their many short runs do not train a cache each.
     */
    public static final String PROPERTY_SWITCH = "fluxlab.aot";
    /** The first JDK whose JVM trains a cache in one step ({@code -XX:AOTCacheOutput}, JEP 514). */
    public static final int MIN_FEATURE = 25;
    /** The line a JVM that mapped its cache writes to its AOT log. */
    static final String USED = "Using AOT-linked classes: true";
    private static final Pattern LOG_LINE = Pattern.compile("^\\[[^]]*]\\[(warning|error)\\s*]\\[aot[^]]*]\\s*(.*)$");
    private static final Pattern CONTINUED = Pattern.compile("^\\[\\s+]\\s*(.*)$");
    private static final Pattern HEAP = Pattern.compile("(?i)(\\d+)([kmgt]?)");
    private static final long COMPRESSED_OOPS_LIMIT = 32L << 30;

    /** Variants whose cache this run's JVMs refused or whose training failed: not trained again in this run. */
    private static final Set<String> GIVEN_UP = ConcurrentHashMap.newKeySet();

    /**
     * One cache: {@code target} (registry name), {@code gc} (as the suite names it, {@code default} when none),
     * {@code knobs} (the process's, as {@link #knobsText} writes them), {@code key} (16 hex digits) and {@code file},
     * where it is or will be.
     */
    public record Variant(String target, String gc, String knobs, String key, Path file) {

        /** Whether the cache has been trained. */
        public boolean exists() {
            return Files.isRegularFile(file) && file.toFile().length() > 0;
        }

        /** Whether this run gave up on it (training failed, or a JVM refused it). */
        public boolean givenUp() {
            return GIVEN_UP.contains(file.toString());
        }

        /** Gives up on it for this run, and removes a refused file so that the next run trains it again. */
        public void giveUp() {
            GIVEN_UP.add(file.toString());
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // a file that cannot be removed is refused again by the next JVM, which then runs cold: no harm
            }
        }

        /** {@code reactor-netty (G1, protocol=h2c transport=epoll)}, for progress lines. */
        public String label() {
            return target + " (" + gc + (knobs.isEmpty() ? "" : ", " + knobs) + ")";
        }

        /** The file-name prefix of this variant's caches, whatever their key: {@code <target>-<gc>-<knobs hash>-}. */
        String family() {
            return family(target, gc, knobs);
        }

        static String family(String target, String gc, String knobs) {
            return target + "-" + gc + "-" + shortHash(knobs) + "-";
        }
    }

    private final TargetRegistry registry;
    private final boolean enabled;

    /** The caches of {@code registry}'s targets when they run on {@code java}. */
    public TargetAotCache(TargetRegistry registry, String java) {
        this(registry, java.equals(TargetRegistry.java()) && Runtime.version().feature() >= MIN_FEATURE
                && !"0".equals(System.getenv(ENV_SWITCH)) && !"0".equals(System.getProperty(PROPERTY_SWITCH)));
    }

    TargetAotCache(TargetRegistry registry, boolean enabled) {
        this.registry = registry;
        this.enabled = enabled;
    }

    /** Whether targets can start trained at all here (JDK 25+, children on this JVM, not {@code FLUXLAB_AOT=0}). */
    public boolean enabled() {
        return enabled;
    }

    /**
     * The cache of process {@code p}; empty when it cannot have one: AOT off, a process on a suite host (its classpath
     * there is another), an unknown target, ZGC (a cache trained under another GC is refused for want of compressed
     * oops, one trained under ZGC holds no linked classes: both tried on 25.0.3), a classpath with
     * a class folder (a cache holds classes from jars only: the tests' classpaths).
     */
    public Optional<Variant> variant(Cell.CellProcess p) {
        if (!enabled || p.alwaysCold() != null
                || registry.command(p.target()).isPresent()) { // a suite's own command: its JVM, if any, is not ours
            return Optional.empty();
        }
        Optional<LaunchDef> def = registry.target(p.target()).map(d -> d.forKnobs(p.knobs()));
        if (def.isEmpty()) {
            return Optional.empty();
        }
        String classpath = registry.classpath(def.get());
        if (Arrays.stream(classpath.split(File.pathSeparator))
                .anyMatch(e -> !e.endsWith("*") && Files.isDirectory(Path.of(e)))) {
            return Optional.empty();
        }
        List<String> options = new ArrayList<>(Commands.runtimeFlags(TargetRegistry.java()));
        options.addAll(def.get().jvmOrEmpty());
        options.addAll(p.flags());
        String knobs = knobsText(p.knobs());
        String key = key(jarStamps(classpath), Runtime.version() + " " + System.getProperty("java.home"),
                def.get().main(), def.get().argsOrEmpty(), p.gc(), p.heap(), options, knobs);
        String gc = p.gc() == null ? "default" : p.gc().toLowerCase(Locale.ROOT);
        Path dir = home(classpath).resolve("aot");
        return Optional.of(new Variant(p.target(), gc, knobs, key,
                dir.resolve(Variant.family(p.target(), gc, knobs) + key + ".aot")));
    }

    /**
     * The key of a variant: 16 hex digits of a SHA-256 over what the cache depends on. {@code jars}: each classpath
     * entry with its size and modification time ({@link #jarStamps}); {@code java}: the JVM's version and home;
     * {@code main}, {@code args}: what the training ran; {@code gc}; {@code heap}: only whether it allows compressed
     * oops; {@code jvmOptions}: the module options and flags the process starts with; {@code knobs}: the process's
     * knobs ({@link #knobsText}), the workload the training exercised.
     */
    static String key(List<String> jars, String java, String main, List<String> args, String gc, String heap,
                      List<String> jvmOptions, String knobs) {
        StringBuilder sb = new StringBuilder();
        jars.forEach(j -> sb.append("jar ").append(j).append('\n'));
        sb.append("java ").append(java).append('\n');
        sb.append("main ").append(main).append(' ').append(String.join(" ", args)).append('\n');
        sb.append("gc ").append(gc == null ? "default" : gc.toLowerCase(Locale.ROOT)).append('\n');
        sb.append("oops ").append(compressedOops(heap)).append('\n');
        jvmOptions.forEach(o -> sb.append("opt ").append(o).append('\n'));
        sb.append("knobs ").append(knobs).append('\n');
        return sha256Hex(sb.toString(), 8);
    }

    /** {@code knobs} as one text, sorted by name: {@code protocol=h2c transport=epoll} (empty: none). */
    static String knobsText(Map<String, String> knobs) {
        return knobs == null ? "" : new TreeMap<>(knobs).entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(" "));
    }

    /** 8 hex digits of a SHA-256 of {@code text}: the knobs' part of a cache's file name. */
    static String shortHash(String text) {
        return sha256Hex(text, 4);
    }

    /** The first {@code bytes} bytes of a SHA-256 of {@code text}, in hex. */
    private static String sha256Hex(String text, int bytes) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Whether a JVM with heap {@code heap} ({@code -Xmx}; null: the default) keeps compressed oops; the raw text if unreadable. */
    static String compressedOops(String heap) {
        if (heap == null) {
            return "default";
        }
        Matcher m = HEAP.matcher(heap.trim());
        if (!m.matches()) {
            return heap;
        }
        long n = Long.parseLong(m.group(1));
        int shift = switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "k" -> 10;
            case "m" -> 20;
            case "g" -> 30;
            case "t" -> 40;
            default -> 0;
        };
        return n >= COMPRESSED_OOPS_LIMIT >> shift ? "off" : "on";
    }

    /** Each entry of {@code classpath} ({@code dir/*} expanded to its jars, sorted) as {@code path size mtime}. */
    static List<String> jarStamps(String classpath) {
        List<String> out = new ArrayList<>();
        for (String e : classpath.split(File.pathSeparator)) {
            if (e.isEmpty()) {
                continue;
            }
            if (e.endsWith("/*") || e.equals("*")) {
                Path dir = Path.of(e.substring(0, e.length() - 1));
                List<Path> jars = new ArrayList<>();
                try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "*.{jar,JAR}")) {
                    ds.forEach(jars::add);
                } catch (IOException ex) {
                    out.add(e + " unreadable");
                    continue;
                }
                jars.stream().sorted().forEach(j -> out.add(stamp(j)));
            } else {
                out.add(stamp(Path.of(e)));
            }
        }
        return out;
    }

    private static String stamp(Path p) {
        File f = p.toFile();
        return p.toAbsolutePath() + " " + f.length() + " " + f.lastModified();
    }

    /** The build folder the classpath's first entry lives in (a module's {@code target/}). */
    private static Path home(String classpath) {
        String first = classpath.split(File.pathSeparator)[0];
        Path p = Path.of(first.endsWith("*") ? first.substring(0, first.length() - 1) : first).toAbsolutePath();
        Path dir = Files.isDirectory(p) ? p : p.getParent();
        for (Path d = dir; d != null; d = d.getParent()) {
            if (d.getFileName() != null && d.getFileName().toString().equals("target")) {
                return d;
            }
        }
        return dir;
    }

    /**
     * A target JVM's options to start from {@code variant}'s cache: the JVM's AOT messages go to {@code aotLog} only
     * (not the target's log, where the log scanner would take a refused cache for an error), so that
     * {@link #refusal} can tell whether it mapped the cache.
     */
    public static List<String> useOptions(Variant variant, Path aotLog) {
        return List.of("-XX:AOTCache=" + variant.file(), "-Xlog:aot*=off,cds*=off",
                "-Xlog:aot=info,cds=warning:file=" + aotLog);
    }

    /** A training JVM's options: write the cache to {@code output} when it exits (JEP 514's one step). */
    public static List<String> trainOptions(Path output) {
        return List.of("-XX:AOTCacheOutput=" + output);
    }

    /**
     * Why the JVM whose AOT log is {@code aotLog} did not use its cache, in the JVM's words; empty when it did. A log
     * that is missing or says nothing of the kind counts as refused (the JVM could not even write it).
     */
    public static Optional<String> refusal(Path aotLog) {
        List<String> lines;
        try {
            lines = Files.readAllLines(aotLog);
        } catch (IOException e) {
            return Optional.of("no AOT log from the JVM (" + e.getMessage() + ")");
        }
        if (lines.stream().anyMatch(l -> l.contains(USED))) {
            return Optional.empty();
        }
        List<String> said = new ArrayList<>();
        for (String l : lines) {
            Matcher m = LOG_LINE.matcher(l);
            Matcher c = CONTINUED.matcher(l);
            String text = m.matches() ? m.group(2) : c.matches() && !said.isEmpty() ? c.group(1) : null;
            if (text != null && !text.isBlank() && !text.startsWith("An error has occurred")
                    && !text.startsWith("Loading static archive failed") && !text.startsWith("Unable to map shared")) {
                said.add(text.trim());
            }
        }
        return Optional.of(said.isEmpty() ? "the JVM did not map it" : String.join(" ", said.subList(0,
                Math.min(2, said.size()))));
    }

    /** Removes the caches of {@code variant}'s target and GC under other keys (an older build's). */
    public static void pruneOthers(Variant variant) {
        Path dir = variant.file().getParent();
        String prefix = variant.family();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, prefix + "*.aot")) {
            for (Path p : ds) {
                String rest = p.getFileName().toString().substring(prefix.length());
                if (!p.equals(variant.file()) && rest.matches("[0-9a-f]{16}\\.aot")) {
                    Files.deleteIfExists(p);
                }
            }
        } catch (IOException e) {
            // an old cache left behind takes disk, nothing else
        }
    }
}
