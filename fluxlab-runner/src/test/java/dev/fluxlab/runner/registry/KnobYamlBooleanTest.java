package dev.fluxlab.runner.registry;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * YAML reads an unquoted {@code off} as {@code false}: {@code stall: off}, the knob's own default, was refused with
 * "'false' is not accepted" and nothing saying why. The refusal now says it and how to write what was meant.
 */
class KnobYamlBooleanTest {

    @Test
    void offReadAsFalseIsExplained() {
        KnobDef stall = TargetRegistry.builtIn().target("reactor-netty").orElseThrow().knobsOrEmpty().get("stall");
        String why = stall.problem("stall", "false").orElseThrow();
        assertTrue(why.contains("YAML reads an unquoted off or no as false") && why.contains("quote it: \"off\""), why);
        assertTrue(stall.problem("stall", "off").isEmpty(), "quoted, off is the knob's own value");

        KnobDef failEvery = TargetRegistry.builtIn().target("reactor-netty").orElseThrow().knobsOrEmpty()
                .get("fail-every");
        String n = failEvery.problem("fail-every", "false").orElseThrow();
        assertTrue(n.contains("leave the knob out for its default (off)") && !n.contains("quote it"), n);
        assertTrue(failEvery.problem("fail-every", "12").isEmpty());
    }
}
