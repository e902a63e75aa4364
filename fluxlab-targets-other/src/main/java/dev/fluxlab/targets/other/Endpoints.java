package dev.fluxlab.targets.other;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The HTTP contract every target of the framework comparison answers, as data: TechEmpower's {@code /plaintext} and
 * {@code /json}, plus path-pattern routes with path variables, so that routing runs under concurrent load (seed 004
 * found a router bug that only showed there). Each server maps these with its own routing (Netty: {@link PathRoute};
 * Undertow: its {@code RoutingHandler} templates).
 * <ul>
 *   <li>{@code GET /plaintext}: {@code Hello, World!}, {@code text/plain};</li>
 *   <li>{@code GET /json}: {@code {"message":"Hello, World!"}}, {@code application/json};</li>
 *   <li>{@code GET /hello/{name}}: {@code Hello, <name>!}, {@code text/plain};</li>
 *   <li>{@code GET /users/{user}/orders/{order}}: {@code {"user":"<user>","order":"<order>"}}, {@code application/json};</li>
 *   <li>anything else: 404 {@code Not Found}; a known path with another method: 405.</li>
 * </ul>
 * Path variables are limited to {@code [A-Za-z0-9._-]{1,64}} (else 404), so they never need escaping.
 */
public final class Endpoints {

    public static final String PLAINTEXT = "Hello, World!";
    public static final String JSON = "{\"message\":\"Hello, World!\"}";
    public static final String TEXT_PLAIN = "text/plain";
    public static final String APPLICATION_JSON = "application/json";
    public static final String NOT_FOUND = "Not Found";
    public static final String METHOD_NOT_ALLOWED = "Method Not Allowed";

    /** The route templates, in the syntax Undertow and Spring share. */
    public static final String HELLO = "/hello/{name}";
    public static final String ORDERS = "/users/{user}/orders/{order}";
    public static final List<String> TEMPLATES = List.of("/plaintext", "/json", HELLO, ORDERS);

    private static final Pattern VARIABLE = Pattern.compile("[A-Za-z0-9._-]{1,64}");

    private Endpoints() {
    }

    /** A response: status, content type and body bytes. */
    public record Response(int status, String contentType, byte[] body) {
        static Response text(int status, String s) {
            return new Response(status, TEXT_PLAIN, s.getBytes(StandardCharsets.UTF_8));
        }
    }

    public static final Response PLAINTEXT_RESPONSE = Response.text(200, PLAINTEXT);
    public static final Response JSON_RESPONSE = new Response(200, APPLICATION_JSON, JSON.getBytes(StandardCharsets.UTF_8));
    public static final Response NOT_FOUND_RESPONSE = Response.text(404, NOT_FOUND);
    public static final Response METHOD_NOT_ALLOWED_RESPONSE = Response.text(405, METHOD_NOT_ALLOWED);

    /** Whether a captured path variable is acceptable. */
    public static boolean validVariable(String v) {
        return v != null && VARIABLE.matcher(v).matches();
    }

    /** The response of a matched template with its variables (invalid variables: 404). */
    public static Response answer(String template, Map<String, String> vars) {
        return switch (template) {
            case "/plaintext" -> PLAINTEXT_RESPONSE;
            case "/json" -> JSON_RESPONSE;
            case HELLO -> validVariable(vars.get("name"))
                    ? Response.text(200, "Hello, " + vars.get("name") + "!") : NOT_FOUND_RESPONSE;
            case ORDERS -> validVariable(vars.get("user")) && validVariable(vars.get("order"))
                    ? new Response(200, APPLICATION_JSON, ("{\"user\":\"" + vars.get("user") + "\",\"order\":\""
                    + vars.get("order") + "\"}").getBytes(StandardCharsets.UTF_8))
                    : NOT_FOUND_RESPONSE;
            default -> NOT_FOUND_RESPONSE;
        };
    }
}
