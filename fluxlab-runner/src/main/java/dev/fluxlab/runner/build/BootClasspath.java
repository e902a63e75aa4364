package dev.fluxlab.runner.build;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The classpath of a target that runs from a Maven module's own classpath (the Spring Boot modules': their jar and
 * {@code target/lib/*}, which carry Boot's own Reactor Netty, reactor-core and Netty), and the same classpath with a
 * library build put in place of those jars. The lib folder's jars are named as the dependency plugin copies them,
 * {@code artifactId-version[-classifier].jar}: a jar whose artifactId a resolved jar has is replaced by it, and every
 * Netty jar ({@code netty-*}) is replaced by the build's Netty (one BOM version for all; the module's other Netty
 * artifacts are resolved at that version too, {@link #nettyArtifacts}). The module's code and everything else stay.
 *
 * @param jars the classpath's entries, a folder's {@code *} expanded to its jars in name order
 */
public record BootClasspath(List<Path> jars) {

    /** A Netty jar's file name: artifact, version (4.2.18.Final, 4.2.20.Final-SNAPSHOT) and classifier. */
    private static final Pattern NETTY =
            Pattern.compile("(netty-[a-z0-9_-]+?)-(\\d+\\.\\d+\\.\\d+\\.[A-Za-z0-9]+(?:-SNAPSHOT)?)(?:-([a-z0-9_-]+))?\\.jar");
    /** The native classifier the lab resolves (the line's natives are this machine's, {@link ReactorLine}). */
    static final String NATIVE = "linux-x86_64";

    public BootClasspath {
        jars = List.copyOf(jars);
    }

    /** The classpath of {@code entries} (absolute paths; {@code dir/*} for a folder's jars); missing ones are left out. */
    public static BootClasspath of(List<String> entries) {
        List<Path> out = new ArrayList<>();
        for (String e : entries) {
            if (e.endsWith(File.separator + "*")) {
                Path dir = Path.of(e.substring(0, e.length() - 2));
                if (Files.isDirectory(dir)) {
                    try (Stream<Path> s = Files.list(dir)) {
                        s.filter(p -> p.getFileName().toString().endsWith(".jar")).sorted().forEach(out::add);
                    } catch (IOException ex) {
                        throw new UncheckedIOException(ex);
                    }
                }
            } else if (Files.exists(Path.of(e))) {
                out.add(Path.of(e));
            }
        }
        return new BootClasspath(out);
    }

    /** The version of {@code artifact}'s jar on this classpath (a classifier-less one), when it carries one. */
    public Optional<String> version(String artifact) {
        Pattern p = Pattern.compile(Pattern.quote(artifact) + "-(\\d[0-9A-Za-z._+]*(?:-SNAPSHOT)?)\\.jar");
        for (Path j : jars) {
            Matcher m = p.matcher(j.getFileName().toString());
            if (m.matches()) {
                return Optional.of(m.group(1));
            }
        }
        return Optional.empty();
    }

    /**
     * The Netty artifacts of this classpath, {@code artifact} or {@code artifact:classifier}, for the build to resolve
     * at its BOM's version: every classifier-less one and this machine's natives ({@value #NATIVE}); other platforms'
     * native jars (macOS, Windows, aarch64) have no use here and are dropped with the module's Netty.
     */
    public List<String> nettyArtifacts() {
        LinkedHashSet<String> out = new LinkedHashSet<>();
        for (Path j : jars) {
            Matcher m = NETTY.matcher(j.getFileName().toString());
            if (m.matches() && (m.group(3) == null || m.group(3).equals(NATIVE))) {
                out.add(m.group(3) == null ? m.group(1) : m.group(1) + ":" + m.group(3));
            }
        }
        return List.copyOf(out);
    }

    /** This classpath with {@code build} in place of the jars it replaces (see the class comment), as strings. */
    public List<String> with(List<ResolvedJar> build) {
        List<Pattern> replaced = build.stream()
                .map(r -> Pattern.compile(Pattern.quote(r.artifact()) + "-\\d.*\\.jar")).toList();
        List<String> out = new ArrayList<>();
        for (Path j : jars) {
            String name = j.getFileName().toString();
            if (!NETTY.matcher(name).matches() && replaced.stream().noneMatch(p -> p.matcher(name).matches())) {
                out.add(j.toString());
            }
        }
        build.forEach(r -> out.add(r.file()));
        return out;
    }
}
