package dev.fluxlab.report;

import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;

/**
 * Jackson escapes for JSON inlined in an HTML {@code <script>} element: {@code <}, {@code >} and {@code &} are written
 * as JSON unicode escapes (backslash, u, then 003c, 003e, 0026). The text then holds no {@code </script>}, {@code <!--} or
 * {@code <script} the HTML parser would act on, whatever a label says, and it is still JSON that parses to the same
 * strings (JSON has these characters only inside strings, where a unicode escape means the character itself).
 */
final class ScriptSafeJson extends CharacterEscapes {

    private static final int[] ESCAPES = escapes();

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
