package dev.fluxlab.report;

import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.UncheckedIOException;

/**
 * Jackson escapes for JSON inlined in an HTML {@code <script>} element: {@code <}, {@code >} and {@code &} are written
 * as JSON unicode escapes (backslash, u, then 003c, 003e, 0026). The text then holds no {@code </script>}, {@code <!--} or
 * {@code <script} the HTML parser would act on, whatever a label says, and it is still JSON that parses to the same
 * strings (JSON has these characters only inside strings, where a unicode escape means the character itself). Every
 * inlined data block goes through it: report.html's and the history's trend page ({@link ChartAssets#dataScript}).
 */
public final class ScriptSafeJson extends CharacterEscapes {

    private static final int[] ESCAPES = escapes();

    /** A copy of {@code base} (its settings kept) that writes script-safe JSON. */
    public static ObjectMapper mapper(ObjectMapper base) {
        ObjectMapper m = base.copy();
        m.getFactory().setCharacterEscapes(new ScriptSafeJson());
        return m;
    }

    /** {@code value} as JSON by {@code mapper} (one of {@link #mapper(ObjectMapper)}), for a {@code <script>} element. */
    public static String write(ObjectMapper mapper, Object value) {
        try {
            return mapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int[] escapes() {
        int[] e = standardAsciiEscapesForJSON();
        e['<'] = ESCAPE_STANDARD;
        e['>'] = ESCAPE_STANDARD;
        e['&'] = ESCAPE_STANDARD;
        return e;
    }

    @Override
    public int[] getEscapeCodesForAscii() {
        return ESCAPES;
    }

    @Override
    public SerializableString getEscapeSequence(int ch) {
        return null;
    }
}
