package dev.fluxlab.runner.inject;

import dev.fluxlab.model.inject.InjectorTraits;
import dev.fluxlab.model.inject.Injectors;

import java.util.List;
import java.util.Optional;

/**
 * The load tools the runner drives, one object each, found by the name a load profile gives: what validation, the
 * runner's drivers, priming and {@code fluxlab list} ask. Each binds one declaration of the model's table
 * ({@link Injectors}, which the suite's own checks read); the two are checked to name the same tools in the same order
 * when this class loads, so a tool declared in one and not the other fails every run at once, not one cell at a time.
 */
public final class LoadTools {

    private static final List<LoadTool> ALL = List.of(new FluxlabInjector(), new WrkInjector(), new H2loadInjector(),
            new AbInjector(), new GatlingInjector(), new OhaInjector());

    static {
        List<String> tools = ALL.stream().map(LoadTool::name).toList();
        if (!tools.equals(Injectors.names())) {
            throw new IllegalStateException("the runner's load tools " + tools + " are not the injectors the model "
                    + "declares " + Injectors.names() + ": add the tool object to LoadTools and its traits to Injectors");
        }
    }

    private LoadTools() {
    }

    /** Every tool, fluxlab's own injector first. */
    public static List<LoadTool> all() {
        return ALL;
    }

    /** The tool named {@code name}; empty for an unknown name (and for null). */
    public static Optional<LoadTool> find(String name) {
        return ALL.stream().filter(t -> t.name().equals(name)).findFirst();
    }

    /**
     * The tool named {@code name}, fluxlab's own injector for null (a profile that names none).
     *
     * @throws IllegalArgumentException for an unknown name: {@code unknown injector '<name>'; accepted: ...}
     */
    public static LoadTool named(String name) {
        InjectorTraits traits = Injectors.named(name);
        return find(traits.name()).orElseThrow();
    }
}
