package dev.fluxlab.model.suite;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads a suite file into a {@link SuiteSource}: at most {@value #MAX_BYTES} bytes of a regular file, bound strictly
 * (unknown keys, duplicate keys and wrong types are errors), with every YAML or binding error translated into one
 * {@link SuiteException} naming the file, line and column.
 */
final class SuiteReader {

    /** 1 MiB: the largest shipped suite is a few KB; a bigger file is a wrong path (a log, a device), not a suite. */
    static final int MAX_BYTES = 1 << 20;

    private static final YAMLMapper YAML = YAMLMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.ACCEPT_SINGLE_VALUE_AS_ARRAY)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            // 'require_stable_warmup: 5' was true and 'repeats: ""' the default: neither is what was written
            .withCoercionConfig(com.fasterxml.jackson.databind.type.LogicalType.Boolean, c -> c.setCoercion(
                    com.fasterxml.jackson.databind.cfg.CoercionInputShape.Integer,
                    com.fasterxml.jackson.databind.cfg.CoercionAction.Fail))
            .withCoercionConfigDefaults(c -> c.setCoercion(
                    com.fasterxml.jackson.databind.cfg.CoercionInputShape.EmptyString,
                    com.fasterxml.jackson.databind.cfg.CoercionAction.Fail))
            .build();

    private SuiteReader() {
    }

    /**
     * Reads {@code file}: a regular file of at most {@value #MAX_BYTES} bytes of UTF-8 text, with {@code overrides}
     * ({@link SuiteOverrides}) applied.
     */
    static SuiteSource load(Path file, List<String> overrides) {
        String name = file.toString();
        String cannot = "cannot read the suite file: ";
        String hint = "; give the path of a YAML suite, e.g. suites/quick.yaml";
        if (!Files.exists(file)) {
            throw new SuiteException(name, 0, 0, cannot + "there is no such file" + hint);
        }
        if (!Files.isRegularFile(file)) {
            throw new SuiteException(name, 0, 0, cannot + (Files.isDirectory(file) ? "it is a directory"
                    : "it is not a regular file (a device, a pipe or a socket)") + hint);
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes(MAX_BYTES + 1);
        } catch (IOException e) {
            throw new SuiteException(name, 0, 0, cannot + e + hint);
        }
        if (bytes.length > MAX_BYTES) {
            throw new SuiteException(name, 0, 0, cannot + "it is larger than 1 MiB (" + MAX_BYTES
                    + " bytes), the most a suite file may hold" + hint);
        }
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new SuiteException(name, 0, 0, cannot + "it is not UTF-8 text" + hint);
        }
        return parse(name, text, overrides);
    }

    /** Binds suite text with {@code overrides} applied; {@code file} is only used in messages. */
    static SuiteSource parse(String file, String text, List<String> overrides) {
        if (text.isBlank()) {
            throw new SuiteException(file, 1, 1, "the suite is empty; it needs at least 'targets' and 'scenarios'");
        }
        refuseMisreading(file, text, null);
        SuiteSpec spec;
        SuiteOverrides applied = SuiteOverrides.NONE;
        try {
            if (overrides == null || overrides.isEmpty()) {
                spec = YAML.readValue(text, SuiteSpec.class);
            } else {
                JsonNode tree = YAML.readTree(text);
                if (!(tree instanceof ObjectNode root)) {
                    spec = YAML.readValue(text, SuiteSpec.class); // not a mapping: the binding says what is wrong
                } else {
                    applied = SuiteOverrides.apply(file, root, overrides, YAML);
                    spec = YAML.treeToValue(root, SuiteSpec.class);
                }
            }
        } catch (JacksonException e) {
            if (e instanceof MismatchedInputException && firstLine(e.getOriginalMessage()).startsWith("No content")) {
                spec = null; // only comments: as empty as a blank file
            } else {
                throw translate(file, text, e, applied);
            }
        }
        if (spec == null) {
            throw new SuiteException(file, 1, 1, "the suite is empty; it needs at least 'targets' and 'scenarios'");
        }
        return new SuiteSource(file, text, spec, Locations.index(YAML.getFactory(), text), applied);
    }

    /**
     * Refuses the first place of {@code text} that YAML would read otherwise than a person wrote it ({@link
     * #firstMisreading}), if any: at its line and column of the suite file, or, for a {@code --set} value, under that
     * override ({@code set}, the override as shown; null for the file), as every other error of an override is placed.
     * The problem is worded once, in the scan, so a file and a {@code --set} value are refused alike (the fix as it is
     * written in each).
     */
    static void refuseMisreading(String file, String text, String set) {
        Misreading m = firstMisreading(text);
        if (m != null) {
            throw set == null ? new SuiteException(file, m.line(), m.column(), m.inFile())
                    : SuiteOverrides.refused(file, set, m.inSet());
        }
    }

    /**
     * The first place, in text order, where YAML would read {@code text} (a suite file or a {@code --set} value)
     * otherwise than a person wrote it; null when there is none, or when a syntax error comes first (the binding
     * reports it with its position). One scan finds all of:
     * <ul>
     *   <li>a YAML alias ({@code *name}): the parser reads it as the anchor's name, not as the anchored value, so a
     *       suite written with them would silently mean something else (and no alias can multiply a document into a
     *       "billion laughs");</li>
     *   <li>a second document after {@code ---} (the binding called it "wrong type" at the second document's first
     *       line);</li>
     *   <li>a plain integer with a leading zero, which YAML 1.1 reads as octal ({@code repeats: 010} ran 8
     *       repeats);</li>
     *   <li>a merge key ({@code <<: {heap: 256m}}), which the parser reads as a key named '<<' (refused as an unknown
     *       key, "did you mean 'gc'?").</li>
     * </ul>
     */
    static Misreading firstMisreading(String text) {
        try (JsonParser p = YAML.getFactory().createParser(text)) {
            int depth = 0;
            boolean rootDone = false;
            for (JsonToken t; (t = p.nextToken()) != null; ) {
                JsonLocation at = p.currentTokenLocation();
                if (rootDone) {
                    return new Misreading("a suite file holds one YAML document, and this one has a second after "
                            + "'---'; remove it, or make it a suite file of its own", "a --set value is one YAML value, "
                            + "and this one has a second document after '---'; remove it", at.getLineNr(),
                            at.getColumnNr());
                }
                if (p instanceof YAMLParser y && y.isCurrentAlias()) {
                    String alias = "YAML aliases ('*" + y.getText() + "') are not supported: a suite holds every "
                            + "value where it applies; write the value out, quoted when it starts with '*'";
                    return new Misreading(alias + " (key: \"*" + y.getText() + "\")",
                            alias + " (--set 'KEY=\"*" + y.getText() + "\"')", at.getLineNr(), at.getColumnNr());
                }
                if (t == JsonToken.FIELD_NAME && MERGE_KEY.equals(p.currentName())) {
                    String merge = "YAML merge keys ('" + MERGE_KEY + ":') are not supported: the parser reads '"
                            + MERGE_KEY + "' as a key of its own, not as the keys of the mapping it names; write "
                            + "those keys out where they apply";
                    return new Misreading(merge, merge, at.getLineNr(), at.getColumnNr());
                }
                if (t == JsonToken.VALUE_NUMBER_INT && LEADING_ZERO.matcher(p.getText()).matches()) {
                    String octal = "'" + p.getText() + "' has a leading zero, which YAML reads as the octal number "
                            + p.getLongValue() + "; write it without the zero (or in quotes, if it is a name)";
                    return new Misreading(octal, octal, at.getLineNr(), at.getColumnNr());
                }
                if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
                    depth++;
                } else if (t == JsonToken.END_OBJECT || t == JsonToken.END_ARRAY) {
                    depth--;
                }
                rootDone = depth == 0;
            }
        } catch (IOException | RuntimeException e) {
            // a syntax error: the binding reports it with its position
        }
        return null;
    }

    /**
     * What YAML would misread, at a 1-based line and column of the text it was found in, as the refusal says it in a
     * suite file ({@code inFile}) and in a {@code --set} value ({@code inSet}): the same problem, with the fix written
     * as it is written there.
     */
    record Misreading(String inFile, String inSet, int line, int column) {
    }

    /** YAML 1.1's merge key, which Jackson's reader takes as a plain key named '<<'. */
    private static final String MERGE_KEY = "<<";

    /** An integer as YAML 1.1 reads octal: a sign, then 0, then more digits. */
    private static final java.util.regex.Pattern LEADING_ZERO = java.util.regex.Pattern.compile("[-+]?0[0-9_]+");

    private static SuiteException translate(String file, String text, JacksonException e, SuiteOverrides overrides) {
        MarkedYAMLException y = markedYaml(e);
        if (y != null) {
            Mark m = y.getProblemMark() != null ? y.getProblemMark() : y.getContextMark();
            return new SuiteException(file, m == null ? 0 : m.getLine() + 1, m == null ? 0 : m.getColumn() + 1,
                    "YAML syntax error: " + syntaxProblem(y));
        }
        if (!(e instanceof JsonMappingException me) || complexKey(e)) {
            return located(file, e.getLocation(), "YAML syntax error: " + parserProblem(e));
        }
        // prefer the position of the offending key/value as indexed from the text over the parser's position
        StringBuilder pointer = new StringBuilder();
        for (JsonMappingException.Reference r : me.getPath()) {
            pointer.append('/').append(r.getFieldName() != null ? r.getFieldName() : String.valueOf(r.getIndex()));
        }
        // as written: a single value without its list, so that the line and the --set that gave it are found
        Locations locations = Locations.index(YAML.getFactory(), text);
        String written = locations.written(pointer.toString());
        SourceLocation exact = locations.exact(written);
        String problem;
        if (e instanceof UnrecognizedPropertyException u) {
            Set<String> known = new TreeSet<>();
            if (u.getKnownPropertyIds() != null) {
                u.getKnownPropertyIds().forEach(k -> known.add(String.valueOf(k)));
            }
            String near = nearest(u.getPropertyName(), known);
            problem = "unknown key '" + u.getPropertyName() + "'" + where(u.getPath(), 1)
                    + (near == null ? "" : "; did you mean '" + near + "'?") + "; accepted keys: "
                    + String.join(", ", known);
        } else if (e instanceof InvalidFormatException f) {
            problem = "'" + f.getValue() + "' is not " + describe(f.getTargetType()) + where(f.getPath(), 0);
        } else if (e instanceof MismatchedInputException m) {
            problem = "wrong type" + where(m.getPath(), 0) + ": expected " + describe(m.getTargetType());
        } else {
            problem = dev.fluxlab.model.Json.numberProblem(firstLine(me.getOriginalMessage())) + where(me.getPath(), 0);
        }
        String set = overrides.describe(written);
        if (set != null) {
            return new SuiteException(file, 0, 0, set + ": " + problem);
        }
        return exact != null ? new SuiteException(file, exact, problem) : located(file, e.getLocation(), problem);
    }

    /** Misspellings are at most this many edits from the key meant ("mesure", "conections", "in_fligth"). */
    private static final int MAX_EDITS = 2;

    /** The accepted key closest to {@code key} within {@link #MAX_EDITS} edits, or null when none is that close. */
    static String nearest(String key, Set<String> known) {
        org.apache.commons.text.similarity.LevenshteinDistance distance =
                new org.apache.commons.text.similarity.LevenshteinDistance(MAX_EDITS);
        String best = null;
        int bestEdits = Integer.MAX_VALUE;
        for (String k : known) {
            int edits = distance.apply(key.toLowerCase(java.util.Locale.ROOT), k);
            if (edits >= 0 && edits < bestEdits) {
                best = k;
                bestEdits = edits;
            }
        }
        return best;
    }

    private static SuiteException located(String file, JsonLocation loc, String problem) {
        return new SuiteException(file, loc == null ? 0 : loc.getLineNr(), loc == null ? 0 : loc.getColumnNr(), problem);
    }

    /**
     * What the YAML parser could not read, in words: a reader limit (nesting depth, length) as {@link
     * dev.fluxlab.model.Json#problem} says it without the library's API names, else the parser's first line.
     */
    static String parserProblem(JacksonException e) {
        if (e instanceof com.fasterxml.jackson.core.exc.StreamConstraintsException c) {
            return dev.fluxlab.model.Json.problem(c);
        }
        MarkedYAMLException y = markedYaml(e);
        if (y != null) {
            // the first line of SnakeYAML's message is only where it was ("while parsing a flow sequence")
            return syntaxProblem(y);
        }
        return complexKey(e) ? COMPLEX_KEY : firstLine(e.getOriginalMessage());
    }

    /**
     * Whether {@code e} is Jackson's YAML reader meeting a key that is not text, which it words with the parser's event
     * class ({@code got this instead: <org.yaml.snakeyaml.events.SequenceStartEvent(anchor=null, ...)>}); inside the
     * binding it comes wrapped as a mapping error.
     */
    private static boolean complexKey(JacksonException e) {
        return firstLine(e.getOriginalMessage()).startsWith(NOT_A_KEY);
    }

    /** How Jackson's YAML reader begins its message for a key that is a list or a mapping ({@code ? [64]}). */
    private static final String NOT_A_KEY = "Expected a field name";

    /** A list or a mapping as a key ({@code ? [64]: x}, {@code {a: 1}: x}), in words, with the fix. */
    private static final String COMPLEX_KEY = "a key here is a list or a mapping (YAML's '? ' complex key, or '{...}:' or "
            + "'[...]:'), and a suite's keys are names; write the name, then ':' and its value, e.g. 'connections: [64]'";

    /** The YAML parser's own error behind {@code e}, which knows where it was and what it found; null when none. */
    private static MarkedYAMLException markedYaml(Throwable e) {
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof MarkedYAMLException y) {
                return y;
            }
        }
        return null;
    }

    /** A YAML syntax error as SnakeYAML words it: where it was reading, then what it found there. */
    private static String syntaxProblem(MarkedYAMLException y) {
        String problem = (y.getContext() == null ? "" : y.getContext() + ": ")
                + (y.getProblem() == null ? "" : y.getProblem());
        return problem.strip();
    }

    /** The first line of a parser message, stripped; {@code unreadable} for none. */
    static String firstLine(String s) {
        if (s == null) {
            return "unreadable";
        }
        String t = s.strip();
        int nl = t.indexOf('\n');
        return nl < 0 ? t : t.substring(0, nl).strip();
    }

    private static String where(List<JsonMappingException.Reference> path, int dropLast) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < path.size() - dropLast; i++) {
            JsonMappingException.Reference r = path.get(i);
            if (r.getFieldName() != null) {
                sb.append(sb.isEmpty() ? "" : ".").append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                sb.append('[').append(r.getIndex()).append(']');
            }
        }
        return sb.isEmpty() ? "" : " in '" + sb + "'";
    }

    private static String describe(Class<?> type) {
        if (type == null) {
            return "another type";
        }
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class) {
            return "a whole number";
        }
        if (type == Double.class || type == double.class) {
            return "a number";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (type == String.class) {
            return "a single text value";
        }
        if (Collection.class.isAssignableFrom(type)) {
            return "a value or a list of values";
        }
        return "a mapping of keys to values";
    }
}
