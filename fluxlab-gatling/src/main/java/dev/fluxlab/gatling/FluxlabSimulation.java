package dev.fluxlab.gatling;

import dev.fluxlab.model.contract.GatlingArgs;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import io.gatling.javaapi.http.HttpRequestActionBuilder;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static io.gatling.javaapi.core.CoreDsl.RawFileBody;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.bodyString;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

/**
 * fluxlab's one Gatling simulation: a closed load of {@code connections} virtual users, each on a connection of its
 * own, each looping over a batch of {@code streams} requests (one request and {@code streams - 1} resources, which
 * Gatling multiplexes on the user's HTTP/2 connection and waits for together). A warm-up phase names its requests
 * {@code warmup}, the measured phase {@code measure}, so Gatling's statistics keep the two apart; the measured phase
 * lasts a duration or sends a fixed number of requests. Every response is checked for the expected status (and body).
 * The parameters are system properties ({@link GatlingArgs}, laid onto Gatling by {@link CellSettings}), so nothing
 * is compiled at run time.
 */
public class FluxlabSimulation extends Simulation {

    /** Request names: Gatling's statistics are kept per name. */
    static final String WARMUP = "warmup";
    static final String MEASURE = "measure";

    private final CellSettings cell = CellSettings.fromSystemProperties();
    private final GatlingArgs args = cell.args();
    private final PhaseClock clock = new PhaseClock(args.streams());
    private final AtomicInteger users = new AtomicInteger();

    {
        // Gatling's launcher is not a fluxlab main: a runner killed with SIGKILL left this JVM loading for its whole run
        dev.fluxlab.model.ParentWatch.startFromEnvironment();
        HttpProtocolBuilder protocol = http.baseUrl(cell.baseUrl()).disableWarmUp().disableCaching()
                .disableFollowRedirect();
        if (args.http2()) {
            protocol = protocol.enableHttp2();
        }
        ScenarioBuilder scenario = scenario("fluxlab")
                .exec(session -> session.set("index", users.getAndIncrement()));
        if (!args.warmup().isZero()) {
            scenario = scenario.during(args.warmup()).on(batch(WARMUP));
        }
        scenario = cell.requests() > 0
                ? scenario.repeat(session -> (int) cell.batches(session.getInt("index"))).on(batch(MEASURE))
                : scenario.during(args.duration()).on(batch(MEASURE));
        var setUp = setUp(scenario.injectOpen(atOnceUsers(args.connections()))).protocols(protocol);
        if (cell.requests() == 0) {
            setUp.maxDuration(args.warmup().plus(args.duration()).plus(args.timeout()).plusSeconds(5));
        }
    }

    @Override
    public void before() {
        clock.start();
    }

    @Override
    public void after() {
        clock.stop();
    }

    /** One batch of {@code streams} requests named {@code phase}, then the phase clock's count. */
    private ChainBuilder batch(String phase) {
        boolean measured = MEASURE.equals(phase);
        return exec(session -> {
            if (measured) {
                clock.measureStarts();
            }
            return session;
        }).exec(request(phase)).exec(session -> {
            clock.batchDone(measured, session.isFailed());
            return session.markAsSucceeded();
        });
    }

    private HttpRequestActionBuilder request(String phase) {
        HttpRequestActionBuilder r = single(phase);
        if (args.streams() > 1) {
            List<HttpRequestActionBuilder> more = new ArrayList<>();
            for (int i = 1; i < args.streams(); i++) {
                more.add(single(phase));
            }
            r = r.resources(more);
        }
        return r;
    }

    private HttpRequestActionBuilder single(String phase) {
        var named = http(phase);
        HttpRequestActionBuilder r = "POST".equals(args.method()) ? named.post(cell.path()) : named.get(cell.path());
        if (!args.headers().isEmpty()) {
            r = r.headers(args.headers());
        }
        if (args.bodyFile() != null) {
            r = r.body(RawFileBody(args.bodyFile().toString()));
        }
        r = r.check(status().is(args.expectStatus()));
        if (args.expectBody() != null) {
            r = r.check(bodyString().is(args.expectBody()));
        }
        return r;
    }
}
