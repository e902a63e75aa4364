package dev.fluxlab.runner.registry;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.fluxlab.model.Refusal;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One knob of a target as the registry describes it: its type and accepted values, the target's own default
 * (for display only: a knob not set in a suite is not passed), and an optional machine check.
 *
 * @param type         {@code enum}, {@code int}, {@code bool} or {@code text}
 * @param values       accepted values of an {@code enum}
 * @param min          smallest accepted {@code int}
 * @param max          largest accepted {@code int}; without one, {@link Integer#MAX_VALUE} (the targets read an
 *                     {@code int} knob as a Java int), so a knob a target reads as a {@code long} says its own
 * @param pattern      regular expression a {@code text} value must match
 * @param example      an accepted {@code text} value, for messages
 * @param defaultValue what the target does when the knob is not given
 * @param check        {@code transport}: the value must be usable on this machine
 * @param flag         the CLI flag; {@code --<name>} when omitted
 * @param description  one line for {@code fluxlab list}
 * @param stacks       a stack knob's values that run from a classpath of their own ({@link StackDef}); null for other
 *                     knobs. The value is still passed as a flag, so the target can check what it really loaded
 * @param note         appended to the refusal of a value the knob does not accept (e.g. why no other release is
 *                     offered); null for none
 * @param resolve      the Maven artifact (groupId:artifactId) whose version this knob names, when any version Maven can
 *                     resolve is accepted besides {@code values} (a build of the library, {@code runner.build}), and
 *                     matches {@code pattern} when one is given; null for a knob that takes only its values
 */
public record KnobDef(
        String type,
        List<String> values,
        Long min,
        Long max,
        String pattern,
        String example,
        @JsonProperty("default") String defaultValue,
        String check,
        String flag,
        String description,
        Map<String, StackDef> stacks,
        String note,
        String resolve) {

    /** What a version of a {@link #resolve} knob looks like: a Maven version, e.g. {@code 1.3.9-SNAPSHOT}. */
    public static final String MAVEN_VERSION = "[0-9][0-9A-Za-z._+-]*";

    /** Whether {@code value} is a version this knob has Maven resolve (not one of its built-in values). */
    public boolean resolves(String value) {
        return resolve != null && value != null && (values == null || !values.contains(value))
                && value.matches(MAVEN_VERSION) && (pattern == null || value.matches(pattern));
    }

    /** Why {@code value} is not accepted, or empty when it is. */
    public Optional<String> problem(String name, String value) {
        return check(name, value).map(p -> p + yamlBoolean(value));
    }

    /**
     * YAML reads an unquoted {@code off} (and {@code no}, {@code on}, {@code yes}) as a boolean, so {@code stall: off}
     * arrives as {@code false}: the refusal says so, and how to write what was meant.
     */
    private String yamlBoolean(String value) {
        if ("bool".equals(type) || !(value.equals("false") || value.equals("true"))) {
            return "";
        }
        boolean offWritable = pattern != null && "off".matches(pattern);
        return "; YAML reads an unquoted " + (value.equals("false") ? "off or no as false" : "on or yes as true")
                + ": leave the knob out for its default ("
                + (defaultValue == null ? "none" : defaultValue) + ")" + (offWritable ? ", or quote it: \"off\"" : "");
    }

    private Optional<String> check(String name, String value) {
        if (resolves(value)) {
            return Optional.empty(); // resolved before the run (runner.build), which refuses what Maven cannot find
        }
        String t = type == null ? "text" : type;
        switch (t) {
            case "enum" -> {
                if (!values.contains(value)) {
                    String also = resolve == null ? null : "or any other version of " + resolve + " Maven resolves"
                            + (pattern == null ? "" : " matching " + pattern) + ", e.g. a local build's 1.3.9-SNAPSHOT";
                    return Optional.of("knob '" + name + "': " + Refusal.unknown("value", value, values,
                            also == null ? note : note == null ? also : also + "; " + note));
                }
            }
            case "int" -> {
                long v;
                try {
                    v = Long.parseLong(value);
                } catch (NumberFormatException e) {
                    return Optional.of("knob '" + name + "' takes a whole number" + range() + ", not '" + value + "'");
                }
                if ((min != null && v < min) || (max != null && v > max)) {
                    return Optional.of("knob '" + name + "' is out of range: " + value + range());
                }
                if (max == null && v > Integer.MAX_VALUE) {
                    // the target reads it as a Java int: 3000000000 passed here and failed the target's start
                    return Optional.of("knob '" + name + "' is out of range: " + value + " (the target reads a "
                            + "whole number" + range() + " as a Java int, at most " + Integer.MAX_VALUE + ")");
                }
            }
            case "bool" -> {
                if (!value.equals("true") && !value.equals("false")) {
                    return Optional.of("knob '" + name + "' takes true or false, not '" + value + "'");
                }
            }
            default -> {
                if (pattern != null && !value.matches(pattern)) {
                    return Optional.of("'" + value + "' is not accepted by knob '" + name + "'"
                            + (example == null ? "" : "; write e.g. " + example) + " (pattern " + pattern + ")");
                }
                Matcher port = URL_PORT.matcher(value);
                if (port.find() && !tcpPort(port.group(1))) {
                    return Optional.of("'" + value + "' has port " + port.group(1) + ", not a TCP port (1 to 65535), "
                            + "for knob '" + name + "'" + (example == null ? "" : "; write e.g. " + example));
                }
            }
        }
        return Optional.empty();
    }

    private static boolean tcpPort(String digits) {
        int port = digits.length() > 5 ? 0 : Integer.parseInt(digits);
        return port >= 1 && port <= 65_535;
    }

    /** The port of a URL value ({@code scheme://host:PORT}), whatever the knob's pattern allowed. */
    private static final Pattern URL_PORT = Pattern.compile("^[a-z][a-z0-9+.-]*://(?:\\[[^]]*]|[^/:@\\[]*):(\\d+)(?:[/?#]|$)");

    private String range() {
        if (min != null && max != null) {
            return " from " + min + " to " + max;
        }
        if (min != null) {
            return " of " + min + " or more";
        }
        return max != null ? " up to " + max : "";
    }

    /** Accepted values in words, for {@code fluxlab list}. */
    public String accepted() {
        String t = type == null ? "text" : type;
        return switch (t) {
            case "enum" -> String.join(" | ", values) + (resolve == null ? "" : " | any version of " + resolve
                    + " Maven resolves");
            case "int" -> "integer" + range();
            case "bool" -> "true | false";
            default -> example != null ? "e.g. " + example : (pattern != null ? pattern : "text");
        };
    }

    /**
     * The registry's default when it is a value the knob accepts (an enum value, a number, true/false, a text matching
     * the pattern): what the target runs with when a suite leaves the knob out. Empty for a described default
     * ("OS default", "Reactor Netty's"), which only says the target sets nothing.
     */
    public Optional<String> literalDefault() {
        String d = defaultValue;
        if (d == null) {
            return Optional.empty();
        }
        boolean literal = switch (type == null ? "text" : type) {
            case "enum" -> values.contains(d);
            case "int" -> d.matches("-?\\d+");
            case "bool" -> d.equals("true") || d.equals("false");
            default -> pattern != null && d.matches(pattern);
        };
        return literal ? Optional.of(d) : Optional.empty();
    }

    public String flagFor(String name) {
        return flag != null ? flag : "--" + name;
    }
}
