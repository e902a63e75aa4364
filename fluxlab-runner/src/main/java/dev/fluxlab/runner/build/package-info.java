/**
 * A build of the libraries under the lab's own Reactor Netty targets: any version of reactor-netty-http, reactor-core
 * or the Netty BOM that Maven resolves (a branch's {@code publishToMavenLocal} first, then the registry), resolved
 * before any cell into a classpath of the lab's target code plus those jars, or, for the WebFlux targets, into their
 * Boot module's classpath in place of its own ({@link BootClasspath}). {@link LibraryBuilds} reads the suite's cells,
 * {@link MavenClasspath} runs the checkout's own Maven ({@code ./mvnw}, offline first) on a generated pom,
 * {@link BuildCache} keeps each resolved classpath by its coordinates, and the registry gets one stack per build.
 */
package dev.fluxlab.runner.build;
