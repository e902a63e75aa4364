package dev.fluxlab.options;

/**
 * {@code --backend-url}: a URL with an {@code http} or {@code https} scheme and a host, read with the command line
 * and refused in the one frame; whether the backend is loopback and speaks what the command needs stays each
 * command's check. A URL Java cannot read was refused as 'fluxlab: Illegal character in authority at index 7: ...'
 * after the other options were read.
 */
public final class BackendUrl extends OptionValues.Parsing<java.net.URI> {
    public BackendUrl() {
        super(BackendUrl::parse);
    }

    private static java.net.URI parse(String text) {
        String example = "; give e.g. http://127.0.0.1:8081";
        java.net.URI uri;
        try {
            uri = new java.net.URI(text);
        } catch (java.net.URISyntaxException e) {
            throw new IllegalArgumentException("'" + text + "' is not a URL (" + e.getReason() + ")" + example);
        }
        String scheme = String.valueOf(uri.getScheme()).toLowerCase(java.util.Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
            throw new IllegalArgumentException("'" + text + "' is not an http:// or https:// URL with a host"
                    + example);
        }
        return uri;
    }
}
