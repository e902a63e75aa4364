package dev.fluxlab.runner.inject;

import dev.fluxlab.model.inject.InjectorTraits;
import dev.fluxlab.model.inject.Injectors;

import java.util.Optional;

/**
 * fluxlab's own injector (module fluxlab-loadgen) as a load tool: a JVM from the registry's {@code injector} entry,
 * given the repeat's {@code LoadArgs}, that writes its {@code fluxlab.load/1} document itself. Its limits (GET and POST,
 * HTTP/2 bodies up to one stream window) are checked where the suite states them, so it refuses no request here.
 */
public final class FluxlabInjector implements LoadTool {

    @Override
    public InjectorTraits traits() {
        return Injectors.FLUXLAB;
    }

    @Override
    public Optional<String> unsupported(String protocol, int inFlight, String method) {
        return Optional.empty();
    }
}
