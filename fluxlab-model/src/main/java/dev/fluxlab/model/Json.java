package dev.fluxlab.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.charset.StandardCharsets;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.UUID;

/**
 * The one JSON mapping every fluxlab document uses: snake_case keys, pretty-printed, no nulls.
 * Documents are written atomically (temp file + rename) so a crash never leaves half a file.
 */
public final class Json {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .setSerializationInclusion(JsonInclude.Include.NON_NULL)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private Json() {
    }

    /** The shared mapper; configured once, safe to use from any thread. */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    public static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static <T> T read(Path file, Class<T> type) throws IOException {
        return MAPPER.readValue(file.toFile(), type);
    }

    public static <T> T read(String json, Class<T> type) throws IOException {
        return MAPPER.readValue(json, type);
    }

    /** Writes {@code value} to {@code file} through a sibling temp file and an atomic rename. */
    public static void writeAtomically(Path file, Object value) throws IOException {
        writeTextAtomically(file, MAPPER.writeValueAsString(value));
    }

    /**
     * Writes {@code text} (UTF-8) to {@code file} through a sibling temp file and an atomic rename. The temp file is
     * created with the default permissions (the umask applies, as for any file the user writes), not the owner-only
     * ones of {@link Files#createTempFile}.
     */
    public static void writeTextAtomically(Path file, String text) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        // a name of its own length: FILE.<uuid>.tmp would exceed the file system's limit for a name near it
        Path tmp = dir.resolve(".fluxlab-" + UUID.randomUUID() + ".tmp");
        try {
            Files.writeString(tmp, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE);
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /**
     * What went wrong reading a JSON document, in a person's words, for the one-line errors of the commands that read
     * results: the JSON path and the kind of value expected for a value of the wrong kind, the line and column of a
     * syntax error, instead of the parser's own text ({@code Cannot deserialize value of type
     * `dev.fluxlab.model.run.RunResult` from Array value}, {@code Non-standard token 'NaN'}).
     */
    public static String problem(IOException e) {
        if (e instanceof com.fasterxml.jackson.databind.exc.MismatchedInputException m && m.getTargetType() != null) {
            return "the value at " + pointer(m.getPath()) + " is not " + kind(m.getTargetType());
        }
        if (e instanceof com.fasterxml.jackson.core.exc.StreamConstraintsException) {
            return firstLine(e.getMessage()).contains("nesting depth")
                    ? "it nests lists and objects deeper than 1000 levels"
                    : "a number, a name or a string in it is longer than the reader allows";
        }
        if (e instanceof com.fasterxml.jackson.core.JsonProcessingException p) {
            String where = p.getLocation() == null ? ""
                    : " at line " + p.getLocation().getLineNr() + ", column " + p.getLocation().getColumnNr();
            String msg = firstLine(p.getOriginalMessage());
            if (msg.contains("Non-standard token")) {
                return "it holds a bare NaN or Infinity" + where + ", which JSON does not allow";
            }
            if (e instanceof com.fasterxml.jackson.databind.JsonMappingException m) {
                String number = numberProblem(msg);
                return "the value at " + pointer(m.getPath()) + " cannot be read (" + (number.equals(msg)
                        ? msg.replaceAll(" \\(.*", "") : number) + ")";
            }
            return "it is not valid JSON" + where + " (" + msg.replaceAll(": was expecting.*|\\(.*", "").strip() + ")";
        }
        return firstLine(e.getMessage());
    }

    private static final java.util.regex.Pattern OUT_OF_RANGE =
            java.util.regex.Pattern.compile("Numeric value \\((.+)\\) out of range of (int|long) \\(-?\\d+ - (\\d+)\\)");
    private static final java.util.regex.Pattern MALFORMED = java.util.regex.Pattern.compile("Malformed numeric value '(.+)'");

    /**
     * The JSON or YAML parser's words for a number it cannot take ({@code Numeric value (9223372036854775808) out of
     * range of int (-2147483648 - 2147483647)}), as a person would say them ({@code '9223372036854775808' is too large
     * a number (at most 2147483647)}); any other message as it is. A suite and a results document say it alike.
     */
    public static String numberProblem(String message) {
        java.util.regex.Matcher range = OUT_OF_RANGE.matcher(message);
        if (range.find()) {
            return "'" + range.group(1) + "' is too large a number (at most " + range.group(3) + ")";
        }
        java.util.regex.Matcher malformed = MALFORMED.matcher(message);
        return malformed.find() ? "'" + malformed.group(1) + "' is not a number" : message;
    }

    private static String pointer(java.util.List<com.fasterxml.jackson.databind.JsonMappingException.Reference> path) {
        StringBuilder sb = new StringBuilder();
        for (var r : path) {
            sb.append('/').append(r.getFieldName() != null ? r.getFieldName() : String.valueOf(r.getIndex()));
        }
        return sb.isEmpty() ? "the top" : sb.toString();
    }

    private static String kind(Class<?> type) {
        if (Number.class.isAssignableFrom(type) || (type.isPrimitive() && type != boolean.class)) {
            return "a number" + (type == int.class || type == Integer.class || type == long.class || type == Long.class
                    ? " (a whole one, in range)" : "");
        }
        if (type == String.class) {
            return "a string";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "true or false";
        }
        if (java.util.Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "a list";
        }
        return "an object";
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
