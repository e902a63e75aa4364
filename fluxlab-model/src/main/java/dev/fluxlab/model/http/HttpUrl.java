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
        int slash = pathStart(url);
        return slash < 0 ? url : url.substring(0, slash);
    }

    /** {@code /json?n=1} of {@code http://127.0.0.1:8080/json?n=1}; {@code /} when it has no path. */
    public static String pathAndQuery(String url) {
        int slash = pathStart(url);
        return slash < 0 ? "/" : url.substring(slash);
    }

    /** Where the path begins: the first {@code /} after the scheme's {@code ://} (from the start without one). */
    private static int pathStart(String url) {
        int scheme = url.indexOf("://");
        return url.indexOf('/', scheme < 0 ? 0 : scheme + 3);
    }
}
