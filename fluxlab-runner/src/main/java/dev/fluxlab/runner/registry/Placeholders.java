package dev.fluxlab.runner.registry;

import dev.fluxlab.model.Readiness;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ${process.attribute}} in a knob value: a chain's process given an attribute of one started before it, its port,
 * its host or what else its readiness line announced ({@code backend-url: "https://127.0.0.1:${backend.port}"}).
 * Checked before the run ({@link #problem}, then the knob's own rules on {@link #sample}), filled in when the earlier
 * process announced itself ({@link #fill}).
 */
public final class Placeholders {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([^}]*)}");

    /** An attribute's name, as readiness lines write them ({@code port}, {@code delay-ms}). */
    private static final Pattern ATTRIBUTE = Pattern.compile("[a-z][a-z0-9-]*");

    /** Sample values of the attributes every process has: its port (announced) and its host (the runner's). */
    private static final Map<String, String> SAMPLES = Map.of(Readiness.PORT, "8080", Readiness.HOST, "127.0.0.1");

    private Placeholders() {
    }

    /** Whether {@code value} refers to another process at all. */
    public static boolean present(String value) {
        return value.contains("${");
    }

    /**
     * What is wrong with the references of {@code value}, given the processes started before its own ({@code earlier},
     * in order, each with the attributes its target's readiness line may carry: {@link LaunchDef#readinessAttributes}),
     * if anything.
     */
    public static Optional<String> problem(String value, Map<String, ? extends java.util.Collection<String>> earlier) {
        Matcher m = PLACEHOLDER.matcher(value);
        int references = 0;
        while (m.find()) {
            references++;
            String ref = m.group(1);
            int dot = ref.lastIndexOf('.');
            String process = dot < 0 ? ref : ref.substring(0, dot);
            String attribute = dot < 0 ? "" : ref.substring(dot + 1);
            if (!earlier.containsKey(process)) {
                return Optional.of("'" + m.group() + "' names no process started before this one"
                        + (earlier.isEmpty() ? " (none is: a reference needs an earlier process of the same chain)"
                        : " (started before it: " + String.join(", ", earlier.keySet()) + ")")
                        + "; write e.g. ${" + (earlier.isEmpty() ? "backend" : earlier.keySet().iterator().next())
                        + ".port}");
            }
            if (!ATTRIBUTE.matcher(attribute).matches()) {
                return Optional.of("'" + m.group() + "' names no attribute of process '" + process + "': write ${"
                        + process + ".port}, ${" + process + ".host} or another attribute its readiness line announces");
            }
            if (!earlier.get(process).contains(attribute)) {
                // the named process's own line: an attribute only another target announces failed the cell once
                // this one had started ('${backend.delay-ms}' of a reactor-netty backend)
                return Optional.of("'" + m.group() + "' names no attribute process '" + process + "' announces: "
                        + dev.fluxlab.model.Refusal.unknown("attribute", attribute, earlier.get(process),
                        (Readiness.attributes().contains(attribute) ? "'" + attribute + "' is another target's; " : "")
                        + "docs/contracts.md says what each target's readiness line carries"));
            }
        }
        if (references == 0 || value.replaceAll(PLACEHOLDER.pattern(), "").contains("${")) {
            return Optional.of("'" + value + "' holds an unclosed '${': a reference is ${process.port}, "
                    + "${process.host} or ${process.ATTRIBUTE}");
        }
        return Optional.empty();
    }

    /**
     * {@code value} with each reference replaced by a value of its kind, for the knob's own checks before the run;
     * empty when a reference names an attribute only the process knows ({@code delay-ms}: what it announces).
     */
    public static Optional<String> sample(String value) {
        Matcher m = PLACEHOLDER.matcher(value);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String sample = SAMPLES.get(m.group(1).substring(m.group(1).lastIndexOf('.') + 1));
            if (sample == null) {
                return Optional.empty();
            }
            m.appendReplacement(sb, sample);
        }
        m.appendTail(sb);
        return Optional.of(sb.toString());
    }

    /**
     * Replaces each {@code ${process.attribute}} with what an earlier process announced ({@code placeholders}: keyed
     * {@code process.attribute}).
     *
     * @throws IllegalArgumentException when a reference names nothing announced
     */
    public static String fill(String value, Map<String, String> placeholders) {
        Matcher m = PLACEHOLDER.matcher(value);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String v = placeholders.get(m.group(1));
            if (v == null) {
                throw new IllegalArgumentException("'" + m.group(0) + "' does not name an attribute of an earlier "
                        + "process (known: " + String.join(", ", placeholders.keySet()) + ")");
            }
            m.appendReplacement(sb, Matcher.quoteReplacement(v));
        }
        m.appendTail(sb);
        return sb.toString();
    }
}
