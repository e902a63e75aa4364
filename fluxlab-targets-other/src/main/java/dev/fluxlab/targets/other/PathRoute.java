package dev.fluxlab.targets.other;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One path template ({@code /users/{user}/orders/{order}}) compiled into segments once; matching allocates only the
 * variables map and shares nothing mutable, so any number of event loops may match concurrently. Raw Netty has no
 * router: this is the smallest one that still does per-request template matching.
 */
public final class PathRoute {

    private final String template;
    private final String[] segments; // a literal, or a variable name prefixed with '{'

    public PathRoute(String template) {
        if (!template.startsWith("/")) {
            throw new IllegalArgumentException("a template starts with '/': " + template);
        }
        this.template = template;
        List<String> s = new ArrayList<>();
        for (String part : template.substring(1).split("/", -1)) {
            s.add(part.startsWith("{") && part.endsWith("}") ? "{" + part.substring(1, part.length() - 1) : part);
        }
        this.segments = s.toArray(String[]::new);
    }

    public String template() {
        return template;
    }

    /** The variables when {@code path} (no query) matches, else empty. */
    public Optional<Map<String, String>> match(String path) {
        if (path.isEmpty() || path.charAt(0) != '/') {
            return Optional.empty();
        }
        Map<String, String> vars = null;
        int start = 1;
        for (int i = 0; i < segments.length; i++) {
            int end = path.indexOf('/', start);
            boolean last = i == segments.length - 1;
            if (last != (end < 0)) {
                return Optional.empty();
            }
            String part = last ? path.substring(start) : path.substring(start, end);
            String seg = segments[i];
            if (seg.startsWith("{")) {
                if (part.isEmpty()) {
                    return Optional.empty();
                }
                if (vars == null) {
                    vars = new LinkedHashMap<>(4);
                }
                vars.put(seg.substring(1), part);
            } else if (!seg.equals(part)) {
                return Optional.empty();
            }
            start = end + 1;
        }
        return Optional.of(vars == null ? Map.of() : vars);
    }
}
