package dev.fluxlab.model.suite;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * {@code fluxlab run SUITE --set KEY=VALUE ...}: changes to a suite's YAML tree before it is bound and checked, so an
 * override is validated exactly like the file, and an error at an overridden key names the {@code --set} instead of a
 * line. Generic over the tree, not per setting:
 * <ul>
 *   <li>{@code KEY} is a path of keys joined by dots ({@code measure}, {@code targets.webflux-netty.jvm.heap},
 *       {@code load.connections}) or a JSON pointer ({@code /targets/my.name/knobs/sleep}) for keys with dots;</li>
 *   <li>a key under a list applies to every item of it ({@code load.connections} sets every load profile's), a number
 *       picks one item ({@code load.1.connections});</li>
 *   <li>{@code VALUE} is YAML, as it would be written in the file: {@code 10s}, {@code 3}, {@code [1000, 2000]},
 *       {@code "[-Xms8G, -Xmx8G]"}, {@code {sleep: 1s}};</li>
 *   <li>missing sections are created ({@code targets.x.jvm.flags} when {@code x} has no {@code jvm}), but targets,
 *       processes and scenarios must exist: an override changes the suite, it does not add systems under test.</li>
 * </ul>
 *
 * @param given   every override as given, in order (recorded in results.json as {@code settings.set})
 * @param changed for each concrete pointer the override changed, the override's text
 */
record SuiteOverrides(List<String> given, Map<String, String> changed) {

    /** No override. */
    static final SuiteOverrides NONE = new SuiteOverrides(List.of(), Map.of());

    /** The longest value or path an override may have: a setting, not a document. */
    static final int MAX_LENGTH = 4096;
    static final int MAX_DEPTH = 16;
    private static final Pattern INDEX = Pattern.compile("\\d{1,6}");
    /** What a user may have meant as an item number, a negative one included. */
    private static final Pattern ITEM = Pattern.compile("-?\\d{1,6}");
    /** Maps whose keys are names of things the suite defines; an override may change them, not add to them. */
    private static final Pattern NAMED = Pattern.compile("/targets|/scenarios|/targets/[^/]+/processes");

    boolean isEmpty() {
        return given.isEmpty();
    }

    /**
     * The override that changed {@code pointer} or a key above it, as {@code --set KEY=VALUE}; null when none did.
     */
    String describe(String pointer) {
        for (var e : changed.entrySet()) {
            String p = e.getKey();
            if (pointer.equals(p) || pointer.startsWith(p + "/")) {
                return "--set " + e.getValue();
            }
        }
        return null;
    }

    /**
     * Applies {@code overrides} to {@code root} (changed in place).
     *
     * @throws SuiteException naming the override and what is wrong with it
     */
    static SuiteOverrides apply(String file, ObjectNode root, List<String> overrides, YAMLMapper yaml) {
        if (overrides == null || overrides.isEmpty()) {
            return NONE;
        }
        Map<String, String> changed = new java.util.LinkedHashMap<>();
        for (String o : overrides) {
            applyOne(file, root, o, yaml, changed);
        }
        return new SuiteOverrides(List.copyOf(overrides), Map.copyOf(changed));
    }

    private static void applyOne(String file, ObjectNode root, String o, YAMLMapper yaml, Map<String, String> changed) {
        String shown = o == null ? "null" : o.length() > 80 ? o.substring(0, 80) + "..." : o;
        if (o == null || o.length() > MAX_LENGTH) {
            throw refused(file, shown, "an override is KEY=VALUE of at most " + MAX_LENGTH + " characters");
        }
        int eq = o.indexOf('=');
        if (eq <= 0) {
            throw refused(file, shown, "write it as KEY=VALUE, e.g. --set measure=10s or --set "
                    + "targets.webflux-netty.knobs.sleep=1s");
        }
        String key = o.substring(0, eq).strip();
        String text = o.substring(eq + 1);
        List<String> path = path(key);
        if (path.isEmpty() || path.size() > MAX_DEPTH || path.stream().anyMatch(String::isEmpty)) {
            throw refused(file, shown, "'" + key + "' is not a key path; join keys with dots (load.connections) or "
                    + "write a JSON pointer (/targets/x/knobs/sleep), at most " + MAX_DEPTH + " keys");
        }
        SuiteReader.refuseMisreading(file, text, shown);
        JsonNode value;
        try {
            value = text.isBlank() ? null : yaml.readTree(text);
        } catch (JacksonException e) {
            throw refused(file, shown, "the value is not YAML as a suite would hold it ("
                    + SuiteReader.parserProblem(e) + "); quote text, e.g. --set 'name=\"a: b\"'");
        }
        if (value == null || value.isMissingNode()) {
            // text that YAML reads as no document at all: a comment, a directive, a document marker
            throw refused(file, shown, text.isBlank() ? "give a value after '='" : "'" + text.strip() + "' holds no "
                    + "YAML value ('#' starts a comment, a leading '%' a directive); quote text, e.g. --set 'KEY=\""
                    + text.strip() + "\"'");
        }
        if (value.isNull()) {
            throw refused(file, shown, "'" + text.strip() + "' is no value: an override sets a key, it cannot remove "
                    + "one (leave the --set out to keep the suite's)");
        }
        List<String> done = new ArrayList<>();
        set(file, shown, root, "", path, 0, value, done);
        done.forEach(p -> changed.put(p, o));
    }

    private static void set(String file, String shown, JsonNode node, String at, List<String> path, int i,
                            JsonNode value, List<String> done) {
        String seg = path.get(i);
        boolean last = i == path.size() - 1;
        if (node instanceof ArrayNode list) {
            if (INDEX.matcher(seg).matches()) {
                int index = Integer.parseInt(seg);
                if (index >= list.size()) {
                    throw refused(file, shown, "'" + at + "' has " + list.size() + " items; no item " + index);
                }
                if (last) {
                    list.set(index, value.deepCopy());
                    done.add(at + "/" + index);
                } else {
                    set(file, shown, list.get(index), at + "/" + index, path, i + 1, value, done);
                }
                return;
            }
            for (int k = 0; k < list.size(); k++) {
                set(file, shown, list.get(k), at + "/" + k, path, i, value, done);
            }
            return;
        }
        if (!(node instanceof ObjectNode map)) {
            throw refused(file, shown, "'" + (at.isEmpty() ? "/" : at) + "' is a value, not a section with keys");
        }
        String here = at + Locations.pointer(seg);
        JsonNode child = map.get(seg);
        if (child == null && ITEM.matcher(seg).matches() && !at.isEmpty() && !NAMED.matcher(at).matches()) {
            // an item number on a single section (load.1.connections where load is one profile): it would add a key
            // '1', refused later as "unknown key '1' in 'load[0]'" without naming the --set
            throw refused(file, shown, "'" + String.join(".", path.subList(0, i)) + "' is one section, not a list; "
                    + "leave the item number out (" + String.join(".", pathWithout(path, i)) + ")");
        }
        if (child == null && NAMED.matcher(at).matches()) {
            List<String> names = new ArrayList<>();
            map.fieldNames().forEachRemaining(names::add);
            throw refused(file, shown, "'" + at + "' has no '" + seg + "'; an override changes what the suite defines "
                    + "and does not add to it; defined: " + String.join(", ", names));
        }
        if (last) {
            map.set(seg, value.deepCopy());
            done.add(here);
            return;
        }
        if (child == null || child.isNull()) {
            child = map.putObject(seg);
        }
        set(file, shown, child, here, path, i + 1, value, done);
    }

    /** {@code path} without its {@code i}-th key. */
    private static List<String> pathWithout(List<String> path, int i) {
        List<String> out = new ArrayList<>(path);
        out.remove(i);
        return out;
    }

    /** The keys of {@code key}: a JSON pointer's unescaped segments, or the dot-separated keys. */
    private static List<String> path(String key) {
        if (key.startsWith("/")) {
            List<String> out = new ArrayList<>();
            for (String s : key.substring(1).split("/", -1)) {
                out.add(s.replace("~1", "/").replace("~0", "~"));
            }
            return out;
        }
        return List.of(key.split("\\.", -1));
    }

    /** The refusal of the override {@code shown}: placed under it, since its value has no line of the file. */
    static SuiteException refused(String file, String shown, String problem) {
        return new SuiteException(file, 0, 0, "--set " + shown + ": " + problem);
    }
}
