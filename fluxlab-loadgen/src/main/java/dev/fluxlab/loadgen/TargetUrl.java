package dev.fluxlab.loadgen;

import dev.fluxlab.model.contract.LoadLimits;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * The target URL of a load run, taken apart: scheme, host, port and the request target sent on the wire. The
 * authority is read here rather than by {@link URI}, which gives up on anything it cannot read as host:port
 * ({@code :-1}, {@code :abc}, {@code 127.1}) with no host at all; every refusal names what is wrong with the URL.
 * Whether the host resolves, and to a loopback address, is {@link TargetGuard}'s question.
 *
 * @param host         host name or address literal (IPv6 without brackets)
 * @param port         1..65535 (80 or 443 when the URL gives none)
 * @param pathAndQuery request target, at least {@code /}
 * @param tls          {@code https://}
 */
record TargetUrl(String host, int port, String pathAndQuery, boolean tls) {

    private static final String EXAMPLE = " (e.g. http://127.0.0.1:8080/plaintext)";

    static TargetUrl parse(String url) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw invalid(url, e.getReason() + EXAMPLE);
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw invalid(url, "the scheme must be http or https" + EXAMPLE);
        }
        boolean tls = scheme.equals("https");
        String authority = uri.getRawAuthority() == null ? "" : uri.getRawAuthority();
        if (authority.contains("@")) {
            // never sent (no Authorization header is made from it) and kept in the load document's target
            throw invalid(url, "credentials in the URL are not sent; remove them and give -H 'Authorization: ...' "
                    + "if the target needs one");
        }
        String host;
        String portText;
        if (authority.startsWith("[")) {
            int close = authority.indexOf(']');
            host = authority.substring(1, close);
            portText = authority.substring(close + 1);
        } else {
            int colon = authority.indexOf(':');
            if (colon >= 0 && authority.indexOf(':', colon + 1) >= 0) {
                throw invalid(url, "an IPv6 address needs brackets, e.g. http://[::1]:8080/");
            }
            host = colon < 0 ? authority : authority.substring(0, colon);
            portText = colon < 0 ? "" : authority.substring(colon);
        }
        if (host.isEmpty()) {
            throw invalid(url, "no host" + EXAMPLE);
        }
        int port = portText.isEmpty() ? (tls ? 443 : 80) : port(url, portText.substring(1));
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        String target = uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery();
        LoadLimits.requestTargetProblem(target).ifPresent(problem -> {
            throw invalid(url, "the path " + problem);
        });
        return new TargetUrl(host, port, target, tls);
    }

    private static int port(String url, String text) {
        if (text.isEmpty()) {
            throw invalid(url, "empty port after ':'" + EXAMPLE);
        }
        if (!text.matches("-?[0-9]+")) {
            throw invalid(url, "port '" + text + "' is not a number" + EXAMPLE);
        }
        long port = text.length() > 6 ? Long.MAX_VALUE : Long.parseLong(text);
        if (port == 0) {
            throw invalid(url, "port 0 cannot be connected to; give the port the server listens on (1..65535)");
        }
        if (port < 0 || port > 65_535) {
            throw invalid(url, "port " + text + " is out of range; a port is 1..65535");
        }
        return (int) port;
    }

    /** The error for {@code url}, its credentials (if it carries any) masked: a message is no place for them. */
    private static IllegalArgumentException invalid(String url, String why) {
        return new IllegalArgumentException("invalid URL '" + CREDENTIALS.matcher(url).replaceFirst("//***@") + "': "
                + why);
    }

    /** A URL's user information: from {@code //} to the last {@code @} before the path. */
    private static final java.util.regex.Pattern CREDENTIALS = java.util.regex.Pattern.compile("//[^/?#]*@");
}
