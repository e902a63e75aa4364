package dev.fluxlab.targets.other;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The Netty target's routing: {@link Endpoints#TEMPLATES} as {@link PathRoute}s, GET only; immutable and shared. */
public final class Router {

    private final List<PathRoute> routes = Endpoints.TEMPLATES.stream().map(PathRoute::new).toList();

    /** The response to {@code method} on {@code uri} (query ignored). */
    public Endpoints.Response route(String method, String uri) {
        int q = uri.indexOf('?');
        String path = q < 0 ? uri : uri.substring(0, q);
        // the two hot TechEmpower paths first, without template matching
        if (path.equals("/plaintext")) {
            return "GET".equals(method) ? Endpoints.PLAINTEXT_RESPONSE : Endpoints.METHOD_NOT_ALLOWED_RESPONSE;
        }
        if (path.equals("/json")) {
            return "GET".equals(method) ? Endpoints.JSON_RESPONSE : Endpoints.METHOD_NOT_ALLOWED_RESPONSE;
        }
        for (PathRoute r : routes) {
            Optional<Map<String, String>> vars = r.match(path);
            if (vars.isPresent()) {
                return "GET".equals(method) ? Endpoints.answer(r.template(), vars.get())
                        : Endpoints.METHOD_NOT_ALLOWED_RESPONSE;
            }
        }
        return Endpoints.NOT_FOUND_RESPONSE;
    }
}
