package dev.fluxlab.cli;

import dev.fluxlab.cli.serve.ServeCommand;
import dev.fluxlab.model.http.WireProtocol;
import dev.fluxlab.model.inject.Capability;
import dev.fluxlab.model.suite.Suite;
import dev.fluxlab.model.suite.SuiteException;
import dev.fluxlab.runner.Estimate;
import dev.fluxlab.runner.inject.LoadTool;
import dev.fluxlab.runner.inject.LoadTools;
import dev.fluxlab.runner.registry.KnobDef;
import dev.fluxlab.runner.registry.LaunchDef;
import dev.fluxlab.runner.registry.TargetRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code fluxlab list}: the targets fluxlab can start with their knobs, the load tools a suite may name (from the
 * runner's one registry, {@link LoadTools}), and the shipped suites.
 */
@Command(name = "list", mixinStandardHelpOptions = true,
        description = "Lists the targets (with their knobs, accepted values and defaults), the injectors and the shipped "
                + "suites.")
public final class ListCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        PrintWriter out = spec.commandLine().getOut();
        TargetRegistry registry = TargetRegistry.builtIn();
        java.util.Set<String> served = ServeCommand.served(spec.root().subcommands().get("serve").getCommandSpec());
        out.println("Targets (use under 'targets:' in a suite; knobs become --<knob>=<value> flags):");
        for (String name : registry.targetNames()) {
            LaunchDef def = registry.target(name).orElseThrow();
            out.println();
            out.println("  " + name + (def.description() == null ? "" : " - " + def.description())
                    + (served.contains(name) ? "" : " [a suite run starts it: its own classpath, not fluxlab serve]"));
            int w = def.knobsOrEmpty().keySet().stream().mapToInt(String::length).max().orElse(4);
            int wa = def.knobsOrEmpty().values().stream().mapToInt(k -> k.accepted().length()).max().orElse(6);
            for (var e : def.knobsOrEmpty().entrySet()) {
                KnobDef k = e.getValue();
                out.printf("    %-" + w + "s  %-" + wa + "s  default: %s%s%n", e.getKey(), k.accepted(),
                        k.defaultValue() == null ? "-" : k.defaultValue(),
                        "transport".equals(k.check()) ? "  (checked on this machine)"
                                : k.stacks() != null ? "  (each value from its own classpath)" : "");
            }
        }
        out.println();
        out.println("JVM options per target (jvm:): heap (e.g. 512m -> -Xms/-Xmx), gc (G1, ZGC, Shenandoah, Parallel, "
                + "Serial, Epsilon; checked against this JDK), flags (list of JVM flags)");
        out.println();
        listInjectors(out);
        out.println();
        Path dir = TargetRegistry.home().resolve("suites");
        out.println("Suites (" + dir + "):");
        List<Path> files = List.of();
        if (Files.isDirectory(dir)) {
            try (Stream<Path> s = Files.list(dir)) {
                files = s.filter(p -> p.toString().endsWith(".yaml") || p.toString().endsWith(".yml")).sorted().toList();
            } catch (IOException e) {
                out.println("  cannot list: " + e.getMessage());
            }
        }
        if (files.isEmpty()) {
            out.println("  none");
        }
        // each suite's name, then its line: the names' column is as wide as the longest, so the cell counts align
        List<String[]> rows = new java.util.ArrayList<>();
        for (Path f : files) {
            try {
                Suite s = Suite.load(f);
                rows.add(new String[] {s.name(), String.format("%3d cells, %s  %s", s.cells().size(),
                        Estimate.approximately(s, s.cells()), firstLine(s.description()))});
            } catch (SuiteException e) {
                rows.add(new String[] {f.getFileName().toString(), "invalid: " + e.getMessage()});
            }
        }
        int width = rows.stream().mapToInt(r -> r[0].length()).max().orElse(0);
        for (String[] r : rows) {
            out.printf("  %-" + width + "s  %s%n", r[0], r[1]);
        }
        out.flush();
    }

    /** Each load tool: its name, the protocols it speaks and what else it can do, as the suite's checks read them. */
    private static void listInjectors(PrintWriter out) {
        out.println("Injectors (load: injector: in a suite; " + LoadTools.all().getFirst().name() + " when none is named):");
        int w = LoadTools.all().stream().mapToInt(t -> t.name().length()).max().orElse(0);
        for (LoadTool t : LoadTools.all()) {
            out.printf("  %-" + w + "s  %s; %s%n", t.name(),
                    String.join(", ", t.traits().protocols().stream().map(WireProtocol::label).toList()),
                    java.util.Arrays.stream(Capability.values()).filter(t.traits()::can).map(Capability::label)
                            .collect(java.util.stream.Collectors.joining(", ")));
        }
        out.println("  (one without 'any method' sends GET and POST)");
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
