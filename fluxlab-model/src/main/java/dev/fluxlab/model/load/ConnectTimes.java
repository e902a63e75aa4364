package dev.fluxlab.model.load;

/**
 * Connection set-up in a run without keep-alive (a connection per request, as {@code ab} without {@code -k}): how
 * often the injector connected and how long each TCP connect took (from the connect call to the established
 * socket), over the requests that completed in the measured phase. Each of those requests' latency includes its
 * connect, as ab's "Total" does; {@code latencyShare} is the connect time's part of their summed latency, the
 * figure that says how much of a request's time was connection set-up.
 *
 * @param keepAlive    false: every request had its own connection
 * @param connects     connections whose request completed in the measured phase
 * @param meanMs       mean connect time, milliseconds
 * @param p50Ms        median connect time
 * @param p99Ms        99th percentile connect time (a SYN retransmitted after a full accept queue shows as ~1 s)
 * @param maxMs        longest connect time
 * @param latencyShare summed connect time / summed latency of those requests (0..1)
 */
public record ConnectTimes(boolean keepAlive, long connects, double meanMs, double p50Ms, double p99Ms, double maxMs,
                           double latencyShare) {
}
