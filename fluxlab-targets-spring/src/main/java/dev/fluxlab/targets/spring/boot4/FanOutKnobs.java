package dev.fluxlab.targets.spring.boot4;

import dev.fluxlab.targets.spring.WebfluxOptions;
import dev.fluxlab.targets.reactor.fanout.FanOutServer;
import dev.fluxlab.targets.reactor.fanout.Strategy;
import dev.fluxlab.targets.spring.launch.KnobArgs;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The knobs of {@code webflux-fan-out}: those of the plain {@code fan-out} service (same names, defaults and
 * meaning: {@code FanOutServer.Config}), parsed strictly ({@link KnobArgs}); {@code --host}, {@code --port},
 * {@code --transport} and {@code --workers} also set up the WebFlux server, whose event loops the WebClient shares.
 */
public final class FanOutKnobs {

    /** The fan-out's own options. */
    public static final List<String> NAMES = List.of("backend-url", "backend-delay", "strategy", "components",
            "work-us", "rails", "request-cpu", "client-connections");

    /** The server's options it takes. */
    static final List<String> SERVER_NAMES = List.of("host", "port", "transport", "workers",
            "reactor-netty-version", "netty-version", "reactor-core-version");

    private FanOutKnobs() {
    }

    /** Both parts of a {@code webflux-fan-out} command line. */
    public record Parsed(WebfluxOptions options, FanOutServer.Config fanOut) {
    }

    /**
     * Parses a {@code webflux-fan-out} command line.
     *
     * @throws IllegalArgumentException naming the bad option and what is accepted
     */
    public static Parsed parse(String[] args) {
        List<String> accepted = new ArrayList<>(SERVER_NAMES);
        accepted.addAll(NAMES);
        Map<String, String> v = KnobArgs.options(args, accepted);
        Map<String, String> server = new LinkedHashMap<>(v);
        NAMES.forEach(server::remove);
        WebfluxOptions options = WebfluxOptions.of(server);
        String backend = v.get("backend-url");
        if (backend == null) {
            throw new IllegalArgumentException("--backend-url is required: the mock API, e.g. http://127.0.0.1:8081");
        }
        URI url;
        try {
            url = URI.create(backend);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--backend-url: '" + backend + "' is not a URL");
        }
        Strategy strategy;
        try {
            strategy = Strategy.of(v.getOrDefault("strategy", Strategy.PARALLEL.label()));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--strategy: " + e.getMessage());
        }
        Duration requestCpu = KnobArgs.duration(v, "request-cpu", Duration.ZERO);
        Duration delay = KnobArgs.duration(v, "backend-delay", null);
        return new Parsed(options, new FanOutServer.Config(options.host(), options.port(), options.transport(),
                options.workers(), url, KnobArgs.intValue(v, "components", 3, 1), strategy,
                KnobArgs.intValue(v, "work-us", 0, 0), KnobArgs.intValue(v, "client-connections", 1024, 1), delay,
                KnobArgs.intValue(v, "rails", FanOutServer.Config.DEFAULT_RAILS, 1), requestCpu));
    }
}
