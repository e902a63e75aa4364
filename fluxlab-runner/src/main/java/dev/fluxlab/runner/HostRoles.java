package dev.fluxlab.runner;

import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.model.suite.CommandTarget;
import dev.fluxlab.runner.host.HostClasspaths;
import dev.fluxlab.runner.host.HostCommands;
import dev.fluxlab.runner.host.HostTools;
import dev.fluxlab.runner.host.LabHosts;
import dev.fluxlab.runner.host.Launcher;
import dev.fluxlab.runner.inject.ExternalInjector;
import dev.fluxlab.runner.inject.JvmInjector;
import dev.fluxlab.runner.inject.LoadTool;
import dev.fluxlab.runner.inject.LoadTools;
import dev.fluxlab.runner.launch.Commands;
import dev.fluxlab.runner.registry.LaunchDef;
import dev.fluxlab.runner.registry.TargetRegistry;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * What a run's hosts need besides fluxlab's own classpath, made ready before the first cell, once the hosts are
 * ({@link LabHosts}): the classpath of every target placed on a host that runs from a classpath of its own (the Spring,
 * MVC and Reactor Netty 1.2 targets, a resolved library build), Gatling's classpath on a host its load runs on (both
 * shipped by {@link HostClasspaths}), and each native tool (wrk, h2load, ab) found on its load's host with its version,
 * one line each ({@link HostTools}), and each suite's own command placed on a host found there, program and folder
 * ({@link HostCommands}). The {@link Launcher} is equipped with all three.
 */
final class HostRoles {

    private HostRoles() {
    }

    /**
     * Ships the classpaths and checks the tools {@code suite}'s cells place on {@code hosts}, then equips
     * {@code launcher}; {@code say} gets one line per host and classpath or tool.
     *
     * @throws dev.fluxlab.runner.host.HostException naming the host and the fix (nothing was started)
     */
    static void equip(Suite suite, TargetRegistry registry, LabHosts hosts, Launcher launcher, Consumer<String> say) {
        Map<String, Set<String>> classpaths = new LinkedHashMap<>();
        Map<String, Set<HostTools.Tool>> tools = new LinkedHashMap<>();
        Map<String, String> jvmTools = new LinkedHashMap<>(); // "host\0classpath" -> the line said after shipping
        Map<String, Set<HostCommands.Need>> commands = new LinkedHashMap<>();
        for (Cell cell : suite.cells()) {
            for (Cell.CellProcess p : cell.processes()) {
                if (p.host() != null && registry.command(p.target()).isPresent()) {
                    CommandTarget c = registry.command(p.target()).get();
                    Map<String, String> values = new LinkedHashMap<>(p.knobs());
                    values.put(CommandTarget.PORT, "0");
                    values.put(CommandTarget.HOST, hosts.get(p.host()).address());
                    commands.computeIfAbsent(p.host(), h -> new LinkedHashSet<>()).add(new HostCommands.Need(c.name(),
                            CommandTarget.fill(c.command().getFirst(), values), c.cwd()));
                }
                if (p.host() == null || registry.command(p.target()).isPresent()) {
                    continue;
                }
                LaunchDef def = registry.target(p.target()).orElseThrow().forKnobs(p.knobs());
                if (def.classpath() != null && !def.classpath().isEmpty()) {
                    classpaths.computeIfAbsent(p.host(), h -> new LinkedHashSet<>()).add(registry.classpath(def));
                }
            }
            LoadTool tool = LoadTools.named(cell.load().injector());
            for (String host : cell.load().hosts()) {
                if (tool instanceof JvmInjector j) {
                    String cp = Commands.classpath(registry, j.launch());
                    classpaths.computeIfAbsent(host, h -> new LinkedHashSet<>()).add(cp);
                    String version = j.versionArtifact() == null ? null
                            : HostTools.jarVersion(cp, j.versionArtifact()).orElse(null);
                    jvmTools.putIfAbsent(host + "\0" + j.name(), "host '" + host + "': " + j.name()
                            + (version == null ? "" : " " + version) + " from its classpath shipped there, on "
                            + hosts.get(host).facts().javaVersionLine());
                } else if (tool instanceof ExternalInjector e) {
                    tools.computeIfAbsent(host, h -> new LinkedHashSet<>()).add(new HostTools.Tool(e.name(),
                            e.executable(), e.versionArgs(), e.install()));
                }
            }
        }
        HostClasspaths shipped = HostClasspaths.ship(hosts, classpaths, say);
        jvmTools.values().forEach(say);
        HostTools found = HostTools.check(hosts, tools, say);
        launcher.equip(shipped, found);
        Map<String, java.util.List<HostCommands.Need>> needs = new LinkedHashMap<>();
        commands.forEach((h, n) -> needs.put(h, java.util.List.copyOf(n)));
        launcher.equip(HostCommands.check(hosts, needs, say));
    }
}
