package dev.fluxlab.options;

import dev.fluxlab.model.suite.SuiteSpec;
import dev.fluxlab.model.warmup.WarmupPolicy;

/**
 * The values of a load's options that more than one command reads alike: {@code fluxlab load} and the
 * {@code serve httpclient-loader} target (a load of its own over Reactor Netty's HttpClient). Here, not in either
 * command, so the target does not depend on the CLI.
 */
public final class LoadValues {

    private LoadValues() {
    }

    /** {@code --progress}: how a load reports its seconds, in {@code load} and {@code serve httpclient-loader}. */
    public static final class Progress extends OptionValues.Choice {
        public Progress() {
            super("progress", "human", "machine", "none");
        }
    }

    /** {@code --method}: the methods fluxlab's injectors send, in {@code load} and {@code serve httpclient-loader}. */
    public static final class Method extends OptionValues.Choice {
        public Method() {
            super("method", SuiteSpec.ScenarioSpec.INJECTOR_METHODS);
        }
    }

    /** {@code --warmup}: a duration or {@link WarmupPolicy#AUTO}, in {@code load} and {@code serve httpclient-loader}. */
    public static final class Warmup extends OptionValues.DurationOrWord {
        public Warmup() {
            super(WarmupPolicy.AUTO);
        }
    }
}
