package dev.fluxlab.runner;

import dev.fluxlab.model.run.Environment;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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

    public static Environment probe() {
        Runtime rt = Runtime.getRuntime();
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
                fluxlabVersion(),
                versions(System.getProperty("java.class.path")),
                null, null, null, null, null, null);
    }

    static String fluxlabVersion() {
        String v = EnvironmentProbe.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
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

    /** Library name -> version found on {@code classpath}. */
    public static Map<String, String> versions(String classpath) {
        Map<String, String> out = new TreeMap<>();
        if (classpath != null) {
            for (String entry : classpath.split(File.pathSeparator)) {
                Matcher m = JAR.matcher(Path.of(entry).getFileName() == null ? "" : Path.of(entry).getFileName().toString());
                if (m.matches() && LIBRARIES.containsKey(m.group(1))) {
                    out.putIfAbsent(LIBRARIES.get(m.group(1)), m.group(2));
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
}
