package dev.fluxlab.runner.host;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

class ClasspathBundleTest {

    @Test
    void classDirectoriesArePackedToTheSameBytesUntilAClassChanges(@TempDir Path tmp) throws Exception {
        Path classes = Files.createDirectories(tmp.resolve("fluxlab-model/target/classes/dev"));
        Path a = Files.writeString(classes.resolve("A.class"), "a");
        Files.writeString(classes.resolve("B.class"), "b");
        Path jar = Files.writeString(tmp.resolve("netty.jar"), "jar");
        Path out1 = Files.createDirectories(tmp.resolve("o1"));
        Path out2 = Files.createDirectories(tmp.resolve("o2"));
        String cp = classes.getParent() + ":" + jar + ":" + tmp.resolve("missing.jar");

        List<Path> first = ClasspathBundle.files(cp, out1);
        assertEquals(List.of("fluxlab-model-classes.jar", "netty.jar"),
                first.stream().map(p -> p.getFileName().toString()).toList(), "classpath order, missing entries left out");
        assertEquals(jar, first.get(1), "a jar is shipped as it is");
        Files.setLastModifiedTime(a, FileTime.fromMillis(0));
        List<Path> second = ClasspathBundle.files(cp, out2);
        assertEquals(JarShipper.sha256(first.get(0)), JarShipper.sha256(second.get(0)), "same classes, same bytes");
        Files.writeString(a, "a2");
        Path out3 = Files.createDirectories(tmp.resolve("o3"));
        assertNotEquals(JarShipper.sha256(first.get(0)), JarShipper.sha256(ClasspathBundle.files(cp, out3).get(0)));
        assertEquals("w/fluxlab-model-classes.jar:w/netty.jar", ClasspathBundle.remote(first, "w"));
    }

    @Test
    void aWildcardEntryStandsForTheJarsOfItsDirectorySortedByName(@TempDir Path tmp) throws Exception {
        Path lib = Files.createDirectories(tmp.resolve("fluxlab-targets-spring/target/lib"));
        Files.writeString(lib.resolve("spring-core-6.2.jar"), "s");
        Files.writeString(lib.resolve("reactor-core-3.8.jar"), "r");
        Files.writeString(lib.resolve("notes.txt"), "not a jar");
        Path main = Files.writeString(tmp.resolve("fluxlab-targets-spring/target/fluxlab-targets-spring.jar"), "m");
        String cp = main + ":" + lib + "/*:" + tmp.resolve("empty") + "/*";

        assertEquals(List.of(main, lib.resolve("reactor-core-3.8.jar"), lib.resolve("spring-core-6.2.jar")),
                ClasspathBundle.entries(cp), "the module's jar, then lib's jars by name; a missing folder gives none");
        assertEquals(List.of("fluxlab-targets-spring.jar", "reactor-core-3.8.jar", "spring-core-6.2.jar"),
                ClasspathBundle.files(cp, Files.createDirectories(tmp.resolve("o"))).stream()
                        .map(p -> p.getFileName().toString()).toList());
    }
}
