package dev.fluxlab.gatling;

import dev.fluxlab.model.contract.GatlingArgs;
import dev.fluxlab.model.http.HttpUrl;

/**
 * One fluxlab cell laid onto Gatling's DSL: the cell itself is {@link GatlingArgs}, read from the system properties
 * the runner's {@code GatlingInjector} set (so one compiled simulation runs every cell); what is added here is only
 * what Gatling needs apart, the URL split into its base URL and path, and a fixed request count shared out over the
 * virtual users in batches.
 *
 * @param args the cell as the runner wrote it
 */
record CellSettings(GatlingArgs args) {

    /** Reads the cell from the system properties; a missing or malformed one is an error naming it. */
    static CellSettings fromSystemProperties() {
        return new CellSettings(GatlingArgs.read(System::getProperty));
    }

    /** {@code scheme://host:port}: Gatling's base URL. */
    String baseUrl() {
        return HttpUrl.origin(args.url());
    }

    /** The path and query as sent. */
    String path() {
        return HttpUrl.pathAndQuery(args.url());
    }

    /** The measured requests when the phase is a fixed number of them; 0 when it lasts a duration. */
    long requests() {
        return args.requests() == null ? 0 : args.requests();
    }

    /** How many measured batches (of {@code streams} requests) the user with 0-based {@code index} sends. */
    long batches(int index) {
        long all = requests() / args.streams();
        return all / args.connections() + (index < all % args.connections() ? 1 : 0);
    }
}
