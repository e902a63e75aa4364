package dev.fluxlab.history;

/**
 * The cell filter of {@code fluxlab history --cell GLOB}: {@code *} any text, {@code ?} one character, everything else
 * literal, matched against the whole of a cell's id or label. Matched without a regular expression: a glob of many
 * stars that does not match (e.g. {@code *a*a*a*a*a*a*a*a*a*a*b}) makes a backtracking regex engine try every way of
 * splitting the text, which never ends on a long cell id; this takes at most text length times glob length steps.
 *
 * @param glob the glob as given
 */
record CellGlob(String glob) {

    /** Whether {@code text} as a whole matches the glob. */
    boolean matches(String text) {
        int t = 0;
        int g = 0;
        int star = -1;   // the glob position after the last '*' seen
        int resume = 0;  // where in the text that '*' currently ends
        while (t < text.length()) {
            if (g < glob.length() && glob.charAt(g) == '*') {
                star = ++g;
                resume = t;
            } else if (g < glob.length() && (glob.charAt(g) == '?' || glob.charAt(g) == text.charAt(t))) {
                t++;
                g++;
            } else if (star >= 0) {
                g = star;        // let the last '*' take one more character and try again from there
                t = ++resume;
            } else {
                return false;
            }
        }
        while (g < glob.length() && glob.charAt(g) == '*') {
            g++;
        }
        return g == glob.length();
    }
}
