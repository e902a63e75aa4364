package dev.fluxlab.model.suite;

import dev.fluxlab.model.suite.SuiteSpec.AssumesSpec;

import java.util.Locale;

/**
 * What machine a suite assumes ({@code assumes: {cores: 12, memory: 16g}}), checked for form at load; whether this
 * machine is that big is the runner's question, and the answer is a warning, never a refusal (a seed's faithful variant
 * still runs on a small machine, with figures to read accordingly).
 *
 * @param cores       logical CPUs assumed, null when not said
 * @param memoryBytes physical memory assumed, null when not said
 */
public record SuiteAssumptions(Integer cores, Long memoryBytes) {

    static SuiteAssumptions of(SuiteSource source) {
        AssumesSpec a = source.spec().assumes();
        if (a == null) {
            return new SuiteAssumptions(null, null);
        }
        if (a.cores() != null && (a.cores() < 1 || a.cores() > 65_536)) {
            throw source.error("/assumes/cores", "'cores' is a number of logical CPUs from 1 to 65536, not " + a.cores());
        }
        Long memory = a.memory() == null ? null : bytes(a.memory());
        if (a.memory() != null && (memory == null || memory <= 0)) {
            throw source.error("/assumes/memory", "'memory' is a size such as 16g or 512m, not '" + a.memory() + "'");
        }
        return new SuiteAssumptions(a.cores(), memory);
    }

    /**
     * A JVM-style size ({@code 512m}, {@code 8G}, {@code 1048576}) in bytes; null when it is not one or overflows.
     */
    public static Long bytes(String size) {
        if (size == null || !size.strip().matches("\\d{1,12}[kKmMgGtT]?")) {
            return null;
        }
        String t = size.strip().toLowerCase(Locale.ROOT);
        char unit = t.charAt(t.length() - 1);
        long factor = switch (unit) {
            case 'k' -> 1L << 10;
            case 'm' -> 1L << 20;
            case 'g' -> 1L << 30;
            case 't' -> 1L << 40;
            default -> 1;
        };
        long n = Long.parseLong(Character.isDigit(unit) ? t : t.substring(0, t.length() - 1));
        try {
            return Math.multiplyExact(n, factor);
        } catch (ArithmeticException e) {
            return null;
        }
    }
}
