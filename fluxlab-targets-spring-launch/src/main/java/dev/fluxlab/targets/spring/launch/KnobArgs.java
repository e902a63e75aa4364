package dev.fluxlab.targets.spring.launch;

import dev.fluxlab.model.Durations;
import dev.fluxlab.model.Refusal;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The strict {@code --name=value} / {@code --name value} parsing every Spring target shares (the runner passes knobs
 * as {@code --<knob>=<value>}): an unknown option or a bad value is an {@link IllegalArgumentException} naming the
 * option and what it accepts, so a target exits 2 with one line instead of starting with a silently ignored setting.
 */
public final class KnobArgs {

    private KnobArgs() {
    }

    /**
     * Splits arguments into a map, accepting only {@code accepted}.
     *
     * @throws IllegalArgumentException for an unknown option or a missing value, naming what is accepted
     */
    public static Map<String, String> options(String[] args, List<String> accepted) {
        Map<String, String> v = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (!a.startsWith("--") || a.length() < 3) {
                throw new IllegalArgumentException("unexpected argument '" + a + "'; options look like --name=value "
                        + "(accepted: " + String.join(", ", accepted) + ")");
            }
            String name;
            String value;
            int eq = a.indexOf('=');
            if (eq > 0) {
                name = a.substring(2, eq);
                value = a.substring(eq + 1);
            } else {
                name = a.substring(2);
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException("--" + name + " needs a value");
                }
                value = args[++i];
            }
            if (!accepted.contains(name)) {
                throw new IllegalArgumentException(Refusal.unknown("option", "--" + name, accepted));
            }
            v.put(name, value);
        }
        return v;
    }

    /** The whole number {@code name}, or null when absent. */
    public static Integer optionalInt(Map<String, String> v, String name, int min) {
        return v.containsKey(name) ? intValue(v, name, 0, min) : null;
    }

    /** The whole number {@code name} (at least {@code min}), {@code dflt} when absent. */
    public static int intValue(Map<String, String> v, String name, int dflt, int min) {
        String s = v.get(name);
        if (s == null) {
            return dflt;
        }
        int n;
        try {
            n = Integer.parseInt(s.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--" + name + ": '" + s + "' is not a whole number");
        }
        if (n < min) {
            throw new IllegalArgumentException("--" + name + " must be at least " + min + ", was " + n);
        }
        return n;
    }

    /**
     * The whole number {@code name}, {@code dflt} when absent, for a knob whose bounds are checked together with
     * others' (the stress pool's, by {@code StressConfig.checkPool}).
     */
    public static int intValue(Map<String, String> v, String name, int dflt) {
        return intValue(v, name, dflt, Integer.MIN_VALUE);
    }

    /** {@code true} / {@code false}, {@code dflt} when absent. */
    public static boolean bool(Map<String, String> v, String name, boolean dflt) {
        String s = v.get(name);
        if (s == null) {
            return dflt;
        }
        return switch (s.trim().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("--" + name + ": '" + s + "' is not true or false");
        };
    }

    /** A duration such as {@code 100ms} or {@code 1s}, {@code dflt} when absent. */
    public static Duration duration(Map<String, String> v, String name, Duration dflt) {
        String s = v.get(name);
        if (s == null) {
            return dflt;
        }
        try {
            return Durations.parse(s);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--" + name + ": " + e.getMessage());
        }
    }

    /**
     * The bind address every Spring target accepts: a host the lab permits ({@code LabAddresses}: loopback) and a
     * port from 0 (any free one) to 65535.
     *
     * @throws IllegalArgumentException naming the bad value and the fix
     */
    public static void checkBind(String host, int port) {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("--port must be between 0 and 65535, was " + port);
        }
        try {
            if (!dev.fluxlab.model.LabAddresses.permits(java.net.InetAddress.getByName(host))) {
                throw new IllegalArgumentException("--host '" + host + "' is not a loopback address; the lab binds "
                        + "loopback only (127.0.0.1 or ::1)");
            }
        } catch (java.net.UnknownHostException e) {
            throw new IllegalArgumentException("--host: unknown host '" + host + "'; use 127.0.0.1");
        }
    }

    /** One of {@code accepted}, {@code dflt} when absent. */
    public static String choice(Map<String, String> v, String name, List<String> accepted, String dflt) {
        String s = v.getOrDefault(name, dflt);
        if (!accepted.contains(s)) {
            throw new IllegalArgumentException("--" + name + ": " + Refusal.unknown("value", s, accepted));
        }
        return s;
    }
}
