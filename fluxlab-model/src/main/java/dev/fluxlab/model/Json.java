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
}
