package dev.fluxlab.runner.host;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * fluxlab's own classpath as files to ship, in classpath order: jar files as they are, and class directories (a
 * development checkout, a test run) packed into jars with fixed entry order and times, so unchanged classes give the
 * same bytes and {@link JarShipper} skips them on the next run. File names are made unique ({@code MODULE-classes.jar}
 * for {@code MODULE/target/classes}).
 */
public final class ClasspathBundle {

    private static final LocalDateTime FIXED_TIME = LocalDateTime.of(2000, 1, 1, 0, 0);

    private ClasspathBundle() {
    }

    /** The files for {@code classpath} (entries separated by the path separator); packed directories go to {@code tmp}. */
    public static List<Path> files(String classpath, Path tmp) {
        List<Path> out = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (Path p : entries(classpath)) {
            Path file;
            if (Files.isDirectory(p)) {
                file = tmp.resolve(unique(names, dirName(p)));
                pack(p, file);
            } else if (Files.isRegularFile(p)) {
                String name = unique(names, p.getFileName().toString());
                file = name.equals(p.getFileName().toString()) ? p : copy(p, tmp.resolve(name));
            } else {
                continue;
            }
            out.add(file);
        }
        return out;
    }

    /**
     * The entries of {@code classpath} as paths, in order: a {@code DIR/*} entry (the JVM's wildcard, as the
     * registry's own classpaths write {@code MODULE/target/lib/*}) stands for the jar files in DIR, sorted by name; the
     * JVM takes them in the order the directory lists them, which no classpath here depends on.
     */
    static List<Path> entries(String classpath) {
        List<Path> out = new ArrayList<>();
        for (String entry : classpath.split(File.pathSeparator)) {
            if (entry.isEmpty()) {
                continue;
            }
            if (entry.equals("*") || entry.endsWith(File.separator + "*")) {
                Path dir = Path.of(entry.substring(0, entry.length() - 1)).toAbsolutePath().normalize();
                if (Files.isDirectory(dir)) {
                    try (Stream<Path> s = Files.list(dir)) {
                        s.filter(f -> Files.isRegularFile(f) && f.getFileName().toString().toLowerCase(java.util.Locale.ROOT)
                                .endsWith(".jar")).sorted().forEach(out::add);
                    } catch (IOException e) {
                        throw new UncheckedIOException("cannot list " + dir, e);
                    }
                }
                continue;
            }
            out.add(Path.of(entry).toAbsolutePath().normalize());
        }
        return out;
    }

    /** The classpath on a host whose work directory holds {@code files}. */
    public static String remote(List<Path> files, String workDir) {
        return String.join(":", files.stream().map(f -> workDir + "/" + f.getFileName()).toList());
    }

    private static String dirName(Path dir) {
        Path parent = dir.getParent();
        boolean maven = parent != null && "target".equals(parent.getFileName().toString()) && parent.getParent() != null;
        return (maven ? parent.getParent().getFileName() + "-" : "") + dir.getFileName() + ".jar";
    }

    private static String unique(Set<String> names, String name) {
        String n = name;
        for (int i = 2; !names.add(n); i++) {
            n = i + "-" + name;
        }
        return n;
    }

    private static Path copy(Path from, Path to) {
        try {
            return Files.copy(from, to, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy " + from, e);
        }
    }

    /** A jar of {@code dir}'s files, sorted by path, every entry with the same time: same classes, same bytes. */
    static void pack(Path dir, Path jar) {
        List<Path> files;
        try (Stream<Path> s = Files.walk(dir)) {
            files = s.filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + dir, e);
        }
        try (OutputStream os = Files.newOutputStream(jar); ZipOutputStream zip = new ZipOutputStream(os)) {
            for (Path f : files) {
                byte[] bytes = Files.readAllBytes(f);
                ZipEntry e = new ZipEntry(dir.relativize(f).toString().replace(File.separatorChar, '/'));
                e.setTimeLocal(FIXED_TIME);
                zip.putNextEntry(e);
                zip.write(bytes);
                zip.closeEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot pack " + dir + " into " + jar, e);
        }
    }
}
