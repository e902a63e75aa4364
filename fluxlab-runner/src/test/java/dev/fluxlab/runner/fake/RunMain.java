package dev.fluxlab.runner.fake;

import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.runner.Runner;
import dev.fluxlab.runner.console.ConsoleListener;
import dev.fluxlab.runner.registry.TargetRegistry;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * TEST ONLY: runs a suite with a registry file in its own JVM, with the same shutdown-hook wiring as
 * {@code fluxlab run}, so that a test can send it SIGTERM. Args: registry.yaml suite.yaml runDir.
 */
public final class RunMain {

    public static void main(String[] args) throws Exception {
        TargetRegistry registry = TargetRegistry.parse(Files.readString(Path.of(args[0])));
        Suite suite = Suite.load(Path.of(args[1]));
        Runner runner = Runner.builder(registry).grace(Duration.ofSeconds(2))
                .listener(new ConsoleListener(new PrintWriter(System.out, true), false, run -> "")).build();
        runner.installShutdownHook();
        System.out.println("runmain started");
        runner.run(suite, Path.of(args[2]), null);
        System.out.println("runmain finished");
    }
}
