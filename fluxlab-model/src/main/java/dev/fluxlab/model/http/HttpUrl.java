package dev.fluxlab.model.http;

/**
 * A load target URL split where a request line sees it: the origin ({@code scheme://host:port}) and the path with its
 * query, as sent. Text only, no parsing into a {@link java.net.URI}: a hand-edited results file or a host literal
 * the URI grammar refuses still splits, so whoever reads it can say what it holds.
 */
public final class HttpUrl {

    private HttpUrl() {
    }

    /** {@code http://127.0.0.1:8080} of {@code http://127.0.0.1:8080/json?n=1}; the whole text when it has no path. */
    public static String origin(String url) {
        int at = pathStart(url);
        return at < 0 ? url : url.substring(0, at);
    }

    /**
     * {@code /json?n=1} of {@code http://127.0.0.1:8080/json?n=1}; {@code /} when it has no path, {@code /?n=1} when
     * the query follows the authority at once ({@code http://127.0.0.1:8080?n=1}), as a request line sends it.
     */
    public static String pathAndQuery(String url) {
        int at = pathStart(url);
        return at < 0 ? "/" : url.charAt(at) == '/' ? url.substring(at) : "/" + url.substring(at);
    }

    /**
     * Where the authority ends: the first {@code /} or {@code ?} after the scheme's {@code ://} (from the
     * start without one); -1 when none follows.
     */
    private static int pathStart(String url) {
        int scheme = url.indexOf("://");
        for (int i = scheme < 0 ? 0 : scheme + 3; i < url.length(); i++) {
            char c = url.charAt(i);
            if (c == '/' || c == '?') {
                return i;
            }
        }
        return -1;
    }
}
