package dev.fluxlab.runner.inject;

import java.util.List;

/**
 * How a JVM load tool is started, as data: the runner's launch code ({@code launch.Commands}) turns it into a
 * command line as it does for a registry target. Its classpath is its own (relative to FLUXLAB_HOME), never
 * fluxlab's, so the tool's libraries cannot clash with the lab's.
 *
 * @param label      how messages name the launch, e.g. {@code Gatling (injector: gatling)}
 * @param main       the main class
 * @param classpath  classpath entries relative to FLUXLAB_HOME ({@code dir/*} for a folder of jars)
 * @param jvmOptions options before the classpath (e.g. an {@code --add-opens} the tool needs)
 */
public record JvmLaunch(String label, String main, List<String> classpath, List<String> jvmOptions) {

    public JvmLaunch {
        classpath = List.copyOf(classpath);
        jvmOptions = List.copyOf(jvmOptions);
    }
}
