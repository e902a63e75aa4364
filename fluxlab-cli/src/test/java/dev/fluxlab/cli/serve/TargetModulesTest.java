package dev.fluxlab.cli.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxlab.runner.registry.TargetRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The target modules stay what docs/architecture.md says: each compiles its own {@code src/main/java} only (no
 * source folder of another module, no compiler include list: a library line runs the same jar, its differences
 * behind one small adapter each), and none depends on or imports the fluxlab command line.
 */
class TargetModulesTest {

    private static final Path HOME = TargetRegistry.home();

    @Test
    void noTargetModuleCompilesAnotherModulesSources() throws IOException {
        List<String> problems = new ArrayList<>();
        for (Path module : targetModules()) {
            String pom = Files.readString(module.resolve("pom.xml"));
            for (String tag : List.of("<source>", "<include>", "build-helper-maven-plugin")) {
                if (pom.contains(tag)) {
                    problems.add(module.getFileName() + "/pom.xml: " + tag);
                }
            }
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void noTargetModuleDependsOnTheCommandLine() throws IOException {
        List<String> problems = new ArrayList<>();
        for (Path module : targetModules()) {
            if (Files.readString(module.resolve("pom.xml")).contains("<artifactId>fluxlab-cli</artifactId>")) {
                problems.add(module.getFileName() + "/pom.xml depends on fluxlab-cli");
            }
            Path main = module.resolve("src/main/java");
            if (!Files.isDirectory(main)) {
                continue;
            }
            try (Stream<Path> files = Files.walk(main)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                    String text = Files.readString(f);
                    if (text.contains("dev.fluxlab.cli.") || text.startsWith("package dev.fluxlab.cli")) {
                        problems.add(HOME.relativize(f) + " names dev.fluxlab.cli");
                    }
                }
            }
        }
        assertEquals(List.of(), problems);
    }

    private static List<Path> targetModules() throws IOException {
        try (Stream<Path> dirs = Files.list(HOME)) {
            List<Path> modules = dirs.filter(d -> d.getFileName().toString().startsWith("fluxlab-targets")
                    && Files.isRegularFile(d.resolve("pom.xml"))).sorted().toList();
            assertTrue(modules.size() >= 10, modules.toString());
            return modules;
        }
    }
}
