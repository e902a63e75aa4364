package dev.fluxlab.runner.registry;

import java.util.List;
import java.util.Map;

/**
 * One value of a stack knob (e.g. {@code reactor-netty-version: 1.2.18}) whose system under test runs from a classpath
 * of its own: another release line of the libraries, compiled and copied there by its Maven module, so two versions
 * of a stack can run in one suite. The knob's default value needs no entry: it is the target's own launch.
 *
 * @param label     what runs, in words, for messages (e.g. {@code Reactor Netty 1.2.18 on Netty 4.1.135.Final})
 * @param main      main class; null = the target's
 * @param args      fixed arguments after the main class; null = the target's
 * @param classpath entries relative to FLUXLAB_HOME; the first one exists once the module is built
 * @param module    the Maven module that builds that classpath
 * @param offers    knob -> the only values this stack offers (a knob not named offers all its values)
 * @param why       why it offers no more than that, for the refusal
 * @param versions  a build resolved before the run ({@code runner.build}): what its cells record as their library
 *                  versions (every jar's, a SNAPSHOT's file hash); null for the registry's own stacks, whose versions
 *                  are read from the classpath's jar names
 */
public record StackDef(String label, String main, List<String> args, List<String> classpath, String module,
                       Map<String, List<String>> offers, String why,
                       @com.fasterxml.jackson.annotation.JsonIgnore Map<String, String> versions) {

    /** The values {@code knob} may take on this stack; empty when it may take all of the target's. */
    public List<String> offered(String knob) {
        return offers == null ? List.of() : offers.getOrDefault(knob, List.of());
    }
}
