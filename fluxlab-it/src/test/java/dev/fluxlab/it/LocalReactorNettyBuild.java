package dev.fluxlab.it;

import reactor.netty.http.server.HttpServer;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * A Reactor Netty build that exists only in a local Maven repository, as a {@code publishToMavenLocal} of a branch
 * writes it: the lab's 1.3.8 {@code reactor-netty-core} and {@code reactor-netty-http} re-installed into a fresh
 * repository under a made-up version ({@link #VERSION}), with that version in their manifests, and a short one-cell
 * suite run against that repository with the version set as a user would
 * ({@code --set targets.T.knobs.reactor-netty-version=...}).
 *
 * <p>Why a class of its own: the tests that resolve such a build offline (the Reactor Netty target's and the WebFlux
 * application's) need the same repository and the same run; one copy of it keeps them testing the same build.
 */
final class LocalReactorNettyBuild {

    /** The made-up version: no remote repository has it, so only the local one can resolve it. */
    static final String VERSION = "1.3.99-fluxlabtest";

    private LocalReactorNettyBuild() {
    }

    /** A run of the one-cell suite on the build: what the command printed, and its results folder. */
    record Run(Fluxlab.Outcome outcome, Path out) {
    }

    /**
     * Installs the build into {@code tmp/repo} and runs a one-cell suite of {@code target} with {@code knobs} (a YAML
     * flow map), short, with the version set on {@code target}, {@code maven.repo.local} pointing at that repository
     * meanwhile (restored after); results go to {@code tmp/out}.
     */
    static Run run(Path tmp, String target, String knobs) throws IOException {
        Path repo = tmp.resolve("repo");
        install(repo, "reactor-netty-core");
        install(repo, "reactor-netty-http");
        Path suite = Files.writeString(tmp.resolve("one-cell.yaml"), """
                name: one-cell
                targets:
                  %s:
                    knobs: %s
                    jvm: {heap: 256m}
                scenarios:
                  plaintext: {method: GET, path: /plaintext, expect: {status: 200}}
                load: {connections: 4}
                warmup: 1s
                measure: 2s
                startup_timeout: 90s   # a Spring target took up to 32 s to start on a machine at load 12-23
                """.formatted(target, knobs));
        Path out = tmp.resolve("out");
        String before = System.getProperty("maven.repo.local");
        System.setProperty("maven.repo.local", repo.toString());
        try {
            return new Run(Fluxlab.execute("run", "--out", out.toString(), suite.toString(),
                    "--set", "targets." + target + ".knobs.reactor-netty-version=" + VERSION), out);
        } finally {
            if (before == null) {
                System.clearProperty("maven.repo.local");
            } else {
                System.setProperty("maven.repo.local", before);
            }
        }
    }

    /** Writes the lab's 1.3.8 {@code artifact} into {@code repo} as {@link #VERSION}, its manifest saying so. */
    private static void install(Path repo, String artifact) throws IOException {
        Path released = Path.of(HttpServer.class.getProtectionDomain().getCodeSource().getLocation().getPath())
                .getParent().getParent().getParent().resolve(artifact).resolve("1.3.8");
        Path dir = repo.resolve("io/projectreactor/netty").resolve(artifact).resolve(VERSION);
        Files.createDirectories(dir);
        String pom = Files.readString(released.resolve(artifact + "-1.3.8.pom"))
                .replace("<version>1.3.8</version>", "<version>" + VERSION + "</version>");
        Files.writeString(dir.resolve(artifact + "-" + VERSION + ".pom"), pom);
        try (JarFile in = new JarFile(released.resolve(artifact + "-1.3.8.jar").toFile());
             OutputStream file = Files.newOutputStream(dir.resolve(artifact + "-" + VERSION + ".jar"))) {
            Manifest m = new Manifest(in.getManifest());
            m.getMainAttributes().put(Attributes.Name.IMPLEMENTATION_VERSION, VERSION);
            try (JarOutputStream jar = new JarOutputStream(file, m)) {
                for (JarEntry e : java.util.Collections.list(in.entries())) {
                    if (e.getName().equals(JarFile.MANIFEST_NAME)) {
                        continue;
                    }
                    jar.putNextEntry(new JarEntry(e.getName()));
                    try (InputStream data = in.getInputStream(e)) {
                        data.transferTo(jar);
                    }
                    jar.closeEntry();
                }
            }
        }
    }
}
