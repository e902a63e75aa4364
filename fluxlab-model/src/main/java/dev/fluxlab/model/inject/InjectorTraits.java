package dev.fluxlab.model.inject;

import dev.fluxlab.model.http.WireProtocol;

import java.util.List;
import java.util.Set;

/**
 * What one load tool is and can do, as the suite's checks need it: its name in a load profile ({@code injector:}),
 * how a refusal names it, the protocols it speaks and its {@link Capability capabilities}. Declared once per tool in
 * {@link Injectors}; the runner's tool object (how to drive it, how to read its output) refers to it, so the model's
 * checks and the runner read the same declaration.
 *
 * @param name      the name a load profile uses
 * @param title     how a message names it ("fluxlab's injector", "injector 'wrk'")
 * @param protocols the wire protocols it can speak
 * @param can       what else it can do
 */
public record InjectorTraits(String name, String title, List<WireProtocol> protocols, Set<Capability> can) {

    public InjectorTraits {
        protocols = List.copyOf(protocols);
        can = Set.copyOf(can);
    }

    /** A peer tool, named {@code injector '<name>'} in messages. */
    public static InjectorTraits peer(String name, List<WireProtocol> protocols, Capability... can) {
        return new InjectorTraits(name, "injector '" + name + "'", protocols, Set.of(can));
    }

    /** Whether it has capability {@code c}. */
    public boolean can(Capability c) {
        return can.contains(c);
    }

    /** Whether it speaks {@code protocol} (a {@link WireProtocol} label). */
    public boolean speaks(String protocol) {
        return protocols.stream().anyMatch(p -> p.label().equals(protocol));
    }
}
