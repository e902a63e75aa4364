package dev.fluxlab.targets.common.http;

/**
 * A JSON string's content for text the client chose (the contract's path variables): quotes, backslashes and control
 * characters escaped. The targets write their fixed JSON shapes by hand and carry no JSON codec.
 */
public final class JsonText {

    private JsonText() {
    }

    /** {@code s} escaped for the inside of a JSON string. */
    public static String escape(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') {
                sb.append('\\').append(c);
            } else if (c < 0x20) {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }
}
