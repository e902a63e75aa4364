package dev.fluxlab.model.suite;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.JsonFactory;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * Where every key and value of a suite file sits, by JSON pointer ({@code /targets/reactor-netty/knobs/transport/1}),
 * so that errors found after binding (unknown target, bad knob value) can still name a line and column.
 */
public final class Locations {

    private final Map<String, SourceLocation> byPointer;

    private Locations(Map<String, SourceLocation> byPointer) {
        this.byPointer = byPointer;
    }

    /** Walks the document's tokens once and remembers the position of each key and scalar value. */
    static Locations index(JsonFactory factory, String text) {
        Map<String, SourceLocation> map = new HashMap<>();
        try (JsonParser p = factory.createParser(text)) {
            JsonToken t;
            while ((t = p.nextToken()) != null) {
                if (t == JsonToken.FIELD_NAME || t.isScalarValue()) {
                    String pointer = p.getParsingContext().pathAsPointer().toString();
                    JsonLocation loc = p.currentTokenLocation();
                    // keys come first, so an object or list is located at its key
                    map.putIfAbsent(pointer, new SourceLocation(loc.getLineNr(), loc.getColumnNr()));
                }
            }
        } catch (IOException | RuntimeException e) {
            // syntax errors are reported by the binding pass; keep what was indexed
        }
        return new Locations(map);
    }

    /** The position of {@code pointer}, else of its nearest located ancestor; null when nothing is known. */
    public SourceLocation at(String pointer) {
        String p = pointer;
        while (true) {
            SourceLocation l = byPointer.get(p);
            if (l != null) {
                return l;
            }
            int slash = p.lastIndexOf('/');
            if (slash <= 0) {
                return byPointer.get("");
            }
            p = p.substring(0, slash);
        }
    }

    /** The position of exactly {@code pointer}; null when it was not indexed. */
    public SourceLocation exact(String pointer) {
        return byPointer.get(pointer);
    }

    /**
     * {@code pointer} as the text writes it: a {@code /0} that binding adds for a single value written without a list
     * ({@code load: {connections: 4}} binds as {@code /load/0/connections/0}) is left out where the text has none.
     */
    public String written(String pointer) {
        if (pointer.isEmpty()) {
            return pointer;
        }
        StringBuilder sb = new StringBuilder();
        for (String segment : pointer.substring(1).split("/", -1)) {
            String with = sb + "/" + segment;
            if (!segment.equals("0") || byPointer.containsKey(with) || contains(with)) {
                sb.append('/').append(segment);
            }
        }
        return sb.toString();
    }

    /** True when some key or value under {@code pointer} was indexed (e.g. whether {@code /load/0} was written). */
    public boolean contains(String pointer) {
        String prefix = pointer + "/";
        return byPointer.keySet().stream().anyMatch(p -> p.startsWith(prefix));
    }

    /** Joins pointer segments, escaping {@code ~} and {@code /} as RFC 6901 asks. */
    public static String pointer(Object... segments) {
        StringBuilder sb = new StringBuilder();
        for (Object s : segments) {
            sb.append('/').append(String.valueOf(s).replace("~", "~0").replace("/", "~1"));
        }
        return sb.toString();
    }
}
