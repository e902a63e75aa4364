package dev.fluxlab.targets.reactor.plain;

import dev.fluxlab.targets.common.fault.FailEvery;
import dev.fluxlab.targets.common.fault.StallSchedule;
import dev.fluxlab.targets.common.http.DateHeader;
import dev.fluxlab.targets.reactor.http.EventLoopSend;
import dev.fluxlab.targets.reactor.stress.StressRoutes;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.util.AsciiString;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiFunction;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;

/**
 * The endpoints of the plain target, the workloads of the seed experiments:
 * <ul>
 *   <li>{@code GET /plaintext}: {@code Hello, World!} as {@code text/plain};</li>
 *   <li>{@code GET /json}: {@code {"message":"Hello, World!"}} as {@code application/json};</li>
 *   <li>{@code GET /get}: a small text body;</li>
 *   <li>{@code POST /post}: echoes the request body with the request's content type ({@code application/json} when
 *       none);</li>
 *   <li>{@code GET /checkPermission}: {@code {"allowed":true}}, the permission check of the seeds' "Post2";</li>
 *   <li>{@code GET /stress-benchmark-01..06} and the {@code -vt} variants: seed 002's endpoints
 *       ({@link StressRoutes}), when given;</li>
 *   <li>{@code GET /hello/{name}}, {@code GET /users/{user}/orders/{order}}: path variables (framework comparison);</li>
 *   <li>anything else: 404, or 405 for a known path with another method.</li>
 * </ul>
 * Every response carries {@code Content-Type}, {@code Content-Length}, {@code Server} and a {@code Date} refreshed
 * once a second. Request bodies are always read to the end. Static bodies are encoded once, in direct memory, and
 * written as read-only duplicates, so the hot path allocates no body bytes. A {@link StallSchedule} holds
 * responses during stall windows, a {@link FailEvery} turns every n-th response into a 500, a {@link RequestWork} does
 * a fixed amount of arithmetic on the event loop before each of these responses (not the stress endpoints').
 */
public final class PlainRoutes implements BiFunction<HttpServerRequest, HttpServerResponse, Publisher<Void>> {

    /** The {@code Server} header value. */
    public static final String SERVER_NAME = "fluxlab-reactor-netty";

    static final String PLAINTEXT = "Hello, World!";
    static final String JSON = "{\"message\":\"Hello, World!\"}";
    static final String GET = "fluxlab get ok";
    static final String CHECK_PERMISSION = "{\"allowed\":true}";

    private static final AsciiString SERVER = AsciiString.cached(SERVER_NAME);
    private static final AsciiString TEXT_PLAIN = AsciiString.cached("text/plain");
    private static final AsciiString APPLICATION_JSON = AsciiString.cached("application/json");
    private static final AsciiString ALLOW_GET = AsciiString.cached("GET");
    private static final AsciiString ALLOW_POST = AsciiString.cached("POST");

    private static final StaticBody PLAINTEXT_BODY = new StaticBody(PLAINTEXT, TEXT_PLAIN);
    private static final StaticBody JSON_BODY = new StaticBody(JSON, APPLICATION_JSON);
    private static final StaticBody GET_BODY = new StaticBody(GET, TEXT_PLAIN);
    private static final StaticBody CHECK_PERMISSION_BODY = new StaticBody(CHECK_PERMISSION, APPLICATION_JSON);
    private static final StaticBody NOT_FOUND_BODY = new StaticBody("Not Found", TEXT_PLAIN);
    private static final StaticBody METHOD_NOT_ALLOWED_BODY = new StaticBody("Method Not Allowed", TEXT_PLAIN);
    private static final StaticBody INJECTED_FAILURE_BODY =
            new StaticBody("injected failure (--fail-every)", TEXT_PLAIN);

    private final DateHeader date;
    private final StallSchedule stall;
    private final FailEvery failEvery;
    private final RequestWork work;
    private final StressRoutes stress;

    /**
     * @param date      the shared {@code Date} value
     * @param stall     stall windows, or {@code null}
     * @param failEvery injected 500s, or {@code null}
     */
    public PlainRoutes(DateHeader date, StallSchedule stall, FailEvery failEvery) {
        this(date, stall, failEvery, null, null);
    }

    /**
     * @param work   CPU work per response, or {@code null} for none
     * @param stress seed 002's stress endpoints, or {@code null} for none
     */
    public PlainRoutes(DateHeader date, StallSchedule stall, FailEvery failEvery, RequestWork work,
                       StressRoutes stress) {
        this.date = date;
        this.stall = stall;
        this.failEvery = failEvery;
        this.work = work;
        this.stress = stress;
    }

    @Override
    public Publisher<Void> apply(HttpServerRequest request, HttpServerResponse response) {
        String uri = request.uri();
        int q = uri.indexOf('?');
        String path = q < 0 ? uri : uri.substring(0, q);
        HttpMethod method = request.method();
        if (stress != null && HttpMethod.GET.equals(method) && StressRoutes.handles(path)) {
            Publisher<Void> p = stress.route(path, request, response);
            if (p != null) {
                return p;
            }
        }
        return switch (path) {
            case "/plaintext" -> staticGet(request, response, method, PLAINTEXT_BODY);
            case "/json" -> staticGet(request, response, method, JSON_BODY);
            case "/get" -> staticGet(request, response, method, GET_BODY);
            case "/checkPermission" -> staticGet(request, response, method, CHECK_PERMISSION_BODY);
            case "/post" -> HttpMethod.POST.equals(method)
                    ? echo(request, response)
                    : afterBody(request, response, HttpResponseStatus.METHOD_NOT_ALLOWED, METHOD_NOT_ALLOWED_BODY,
                            ALLOW_POST);
            default -> pathVariables(request, response, method, path);
        };
    }

    private static final java.util.regex.Pattern VARIABLE = java.util.regex.Pattern.compile("[A-Za-z0-9._-]{1,64}");

    /**
     * The path-pattern routes of the framework comparison (seed 004 found a router bug only under load):
     * {@code GET /hello/{name}} and {@code GET /users/{user}/orders/{order}}; variables {@code [A-Za-z0-9._-]{1,64}}.
     */
    private Publisher<Void> pathVariables(HttpServerRequest request, HttpServerResponse response, HttpMethod method,
                                          String path) {
        String[] parts = path.split("/", -1);
        String text = null;
        AsciiString type = TEXT_PLAIN;
        if (parts.length == 3 && parts[1].equals("hello") && VARIABLE.matcher(parts[2]).matches()) {
            text = "Hello, " + parts[2] + "!";
        } else if (parts.length == 5 && parts[1].equals("users") && parts[3].equals("orders")
                && VARIABLE.matcher(parts[2]).matches() && VARIABLE.matcher(parts[4]).matches()) {
            text = "{\"user\":\"" + parts[2] + "\",\"order\":\"" + parts[4] + "\"}";
            type = APPLICATION_JSON;
        }
        if (text == null) {
            return afterBody(request, response, HttpResponseStatus.NOT_FOUND, NOT_FOUND_BODY, null);
        }
        if (!HttpMethod.GET.equals(method)) {
            return afterBody(request, response, HttpResponseStatus.METHOD_NOT_ALLOWED, METHOD_NOT_ALLOWED_BODY, ALLOW_GET);
        }
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        AsciiString contentType = type;
        return request.receive().then(Mono.defer(() ->
                send(response, HttpResponseStatus.OK, contentType, Unpooled.wrappedBuffer(bytes))));
    }

    private Publisher<Void> staticGet(HttpServerRequest request, HttpServerResponse response, HttpMethod method,
                                      StaticBody body) {
        return HttpMethod.GET.equals(method)
                ? afterBody(request, response, HttpResponseStatus.OK, body, null)
                : afterBody(request, response, HttpResponseStatus.METHOD_NOT_ALLOWED, METHOD_NOT_ALLOWED_BODY,
                        ALLOW_GET);
    }

    /** Reads the request body to its end, then sends a static body. */
    private Publisher<Void> afterBody(HttpServerRequest request, HttpServerResponse response,
                                      HttpResponseStatus status, StaticBody body, AsciiString allow) {
        return request.receive().then(Mono.defer(() -> {
            if (allow != null) {
                response.responseHeaders().set(HttpHeaderNames.ALLOW, allow);
            }
            return send(response, status, body.contentType, body.bytes.duplicate());
        }));
    }

    private Publisher<Void> echo(HttpServerRequest request, HttpServerResponse response) {
        String requestType = request.requestHeaders().get(HttpHeaderNames.CONTENT_TYPE);
        CharSequence contentType = requestType == null ? APPLICATION_JSON : requestType;
        return request.receive().aggregate().retain()
                .switchIfEmpty(Mono.fromSupplier(() -> Unpooled.EMPTY_BUFFER))
                .flatMap(body -> send(response, HttpResponseStatus.OK, contentType, body));
    }

    /**
     * Sends {@code body} (ownership passes here) with the common headers, after any work and stall, or a 500 when due.
     */
    private Mono<Void> send(HttpServerResponse response, HttpResponseStatus status, CharSequence contentType,
                            ByteBuf body) {
        if (work != null) {
            work.apply(); // on the event loop, which the body has been read on
        }
        if (failEvery != null && failEvery.next()) {
            body.release();
            status = HttpResponseStatus.INTERNAL_SERVER_ERROR;
            contentType = INJECTED_FAILURE_BODY.contentType;
            body = INJECTED_FAILURE_BODY.bytes.duplicate();
        }
        HttpHeaders headers = response.responseHeaders();
        headers.set(HttpHeaderNames.CONTENT_TYPE, contentType)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, body.readableBytes())
                .set(HttpHeaderNames.SERVER, SERVER);
        response.status(status);
        long hold = stall == null ? 0 : stall.holdNanos(System.nanoTime());
        ByteBuf out = body;
        if (hold <= 0) {
            headers.set(HttpHeaderNames.DATE, date.value());
            return Mono.from(response.send(Mono.just(out)));
        }
        // the stall ends on a scheduler thread: the answer is sent from the channel's event loop; until it is handed
        // to Reactor Netty the body is ours, and released if the client left (an echoed body is a pooled buffer)
        AtomicBoolean ours = new AtomicBoolean(true);
        return EventLoopSend.onEventLoop(response, Mono.delay(Duration.ofNanos(hold)), tick -> {
            if (!ours.compareAndSet(true, false)) {
                return Mono.empty();
            }
            headers.set(HttpHeaderNames.DATE, date.value());
            return response.send(Mono.just(out));
        }).doFinally(signal -> {
            if (ours.compareAndSet(true, false)) {
                out.release();
            }
        });
    }

    /** A body encoded once, shared read-only by every response. */
    private static final class StaticBody {
        final ByteBuf bytes;
        final AsciiString contentType;

        StaticBody(String text, AsciiString contentType) {
            byte[] b = text.getBytes(StandardCharsets.UTF_8);
            // wraps a JDK direct buffer: freed by the GC, invisible to Netty's leak detector, never released
            this.bytes = Unpooled.unreleasableBuffer(
                    Unpooled.wrappedBuffer(ByteBuffer.allocateDirect(b.length).put(b).flip()));
            this.contentType = contentType;
        }
    }
}
