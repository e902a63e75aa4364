package dev.fluxlab.runner;

import dev.fluxlab.model.run.Environment;
import dev.fluxlab.probe.MachineSpeedProbe;
import dev.fluxlab.runner.launch.InjectorAotCache;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Describes the machine and JDK a run happens on, and the library versions on a classpath (from jar names such as
 * {@code reactor-netty-http-1.3.8.jar}, else Netty's {@code META-INF/io.netty.versions.properties}).
 */
public final class EnvironmentProbe {

    private static final Pattern JAR = Pattern.compile("(.+?)-(\\d[\\w.\\-]*)\\.jar");
    private static final Map<String, String> LIBRARIES = new LinkedHashMap<>();

    static {
        LIBRARIES.put("reactor-netty-http", "reactor-netty");
        LIBRARIES.put("reactor-netty-core", "reactor-netty");
        LIBRARIES.put("reactor-core", "reactor-core");
        LIBRARIES.put("netty-common", "netty");
        LIBRARIES.put("netty-transport-native-epoll", "netty-epoll");
        LIBRARIES.put("netty-transport-native-io_uring", "netty-io_uring");
        LIBRARIES.put("spring-webflux", "spring-webflux");
        LIBRARIES.put("spring-boot", "spring-boot");
        LIBRARIES.put("undertow-core", "undertow");
        LIBRARIES.put("HdrHistogram", "hdrhistogram");
    }

    private EnvironmentProbe() {
    }

    /**
     * The environment of a run about to start: machine, JDK, libraries, fluxlab's own commit, the machine's load and
     * its speed (the {@link MachineSpeedProbe}, about half a second of one core).
     */
    public static Environment probe() {
        Runtime rt = Runtime.getRuntime();
        Optional<SourceTree> tree = SourceTree.ofFluxlabHome();
        return new Environment(
                hostname(),
                System.getProperty("os.name") + " " + System.getProperty("os.version"),
                read("/proc/sys/kernel/osrelease"),
                System.getProperty("os.arch"),
                rt.availableProcessors(),
                memoryGb(),
                System.getProperty("java.runtime.version", System.getProperty("java.version")),
                System.getProperty("java.vendor"),
                System.getProperty("java.home"),
                fluxlabVersion(tree),
                withAotCache(versions(System.getProperty("java.class.path"))),
                cpuModel(),
                read("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor"),
                tree.map(SourceTree::commit).orElse(null),
                tree.map(SourceTree::dirty).orElse(null),
                loadAverage1m(),
                MachineSpeedProbe.measure());
    }

    /** {@code versions} with the injector's AOT cache when the local injectors start with one (it moves their JIT). */
    static Map<String, String> withAotCache(Map<String, String> versions) {
        if (InjectorAotCache.fromEnvironment().isEmpty()) {
            return versions;
        }
        Map<String, String> out = new TreeMap<>(versions);
        out.put(Environment.INJECTOR_AOT_CACHE, "JDK AOT cache (local injectors)");
        return out;
    }

    /** What a run records as fluxlab's version, and {@code fluxlab -V} prints: see {@link #fluxlabVersion(Optional)}. */
    public static String fluxlabVersion() {
        return fluxlabVersion(SourceTree.ofFluxlabHome());
    }

    /** The jar's version, else the source tree's commit, else {@code dev}. */
    static String fluxlabVersion(Optional<SourceTree> tree) {
        String v = EnvironmentProbe.class.getPackage().getImplementationVersion();
        return v != null ? v : tree.map(SourceTree::version).orElse("dev");
    }

    /** {@code model name} of the first processor in /proc/cpuinfo, null when absent (some ARM kernels). */
    static String cpuModel() {
        try {
            for (String l : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (l.startsWith("model name")) {
                    int colon = l.indexOf(':');
                    return colon < 0 ? null : l.substring(colon + 1).strip();
                }
            }
        } catch (IOException | RuntimeException e) {
            // unknown
        }
        return null;
    }

    /** The first field of /proc/loadavg. */
    static Double loadAverage1m() {
        String l = read("/proc/loadavg");
        try {
            return l == null ? null : Double.parseDouble(l.split("\\s+")[0]);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static String hostname() {
        String h = read("/proc/sys/kernel/hostname");
        return h != null ? h : System.getenv().getOrDefault("HOSTNAME", "unknown");
    }

    private static String read(String file) {
        try {
            return Files.readString(Path.of(file)).strip();
        } catch (IOException e) {
            return null;
        }
    }

    private static double memoryGb() {
        try {
            for (String l : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (l.startsWith("MemTotal:")) {
                    long kb = Long.parseLong(l.substring(9).trim().split("\\s+")[0]);
                    return Math.round(kb / 1024.0 / 1024.0 * 10) / 10.0;
                }
            }
        } catch (IOException | RuntimeException e) {
            // unknown
        }
        return 0;
    }

    /**
     * Library name -> version found on {@code classpath}; a {@code dir/*} entry (a target's own classpath, as the
     * registry writes it) stands for the jars in that folder, as the JVM expands it.
     */
    public static Map<String, String> versions(String classpath) {
        Map<String, String> out = new TreeMap<>();
        if (classpath != null) {
            for (String entry : classpath.split(File.pathSeparator)) {
                for (String name : jarNames(entry)) {
                    Matcher m = JAR.matcher(name);
                    if (m.matches() && LIBRARIES.containsKey(m.group(1))) {
                        out.putIfAbsent(LIBRARIES.get(m.group(1)), m.group(2));
                    }
                }
            }
        }
        if (!out.containsKey("netty")) {
            try (InputStream in = EnvironmentProbe.class.getClassLoader().getResourceAsStream("META-INF/io.netty.versions.properties")) {
                if (in != null) {
                    Properties p = new Properties();
                    p.load(in);
                    String v = p.getProperty("netty-common.version");
                    if (v != null) {
                        out.put("netty", v);
                    }
                }
            } catch (IOException e) {
                // unknown
            }
        }
        return out;
    }

    private static List<String> jarNames(String entry) {
        Path p = Path.of(entry);
        if (p.getFileName() == null) {
            return List.of();
        }
        if (!p.getFileName().toString().equals("*")) {
            return List.of(p.getFileName().toString());
        }
        try (Stream<Path> jars = Files.list(p.getParent() == null ? Path.of(".") : p.getParent())) {
            return jars.map(j -> j.getFileName().toString()).sorted().toList();
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }
}
