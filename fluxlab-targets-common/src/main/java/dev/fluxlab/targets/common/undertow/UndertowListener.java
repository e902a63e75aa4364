package dev.fluxlab.targets.common.undertow;

import dev.fluxlab.targets.common.http.ServerProtocol;
import io.undertow.Undertow;
import io.undertow.UndertowOptions;
import org.xnio.Options;

/**
 * The listener options of every Undertow target, written once: the plain {@code undertow} target
 * ({@code fluxlab-targets-other}), {@code webflux-undertow} (Spring Boot 4.0, Servlet bridge, its own builder) and
 * {@code webflux-undertow-native} (Spring Boot 3.5's factory, through a builder customizer), so their rows differ
 * only in what runs on top. They are light-4j's hello-world settings, which seed 004 measured:
 * <ul>
 *   <li>{@code BACKLOG}: the accept backlog, light-4j's {@value #DEFAULT_BACKLOG} unless a knob says otherwise;</li>
 *   <li>{@code TCP_NODELAY} on accepted connections;</li>
 *   <li>{@code ALWAYS_SET_DATE}: Undertow adds {@code Date} to a response that has none (the plain target's
 *       handlers rely on it; the Spring targets' filter sets its own {@code Date} first, which Undertow then
 *       leaves alone);</li>
 *   <li>{@code ALWAYS_SET_KEEP_ALIVE}: {@code Connection: keep-alive} on every persistent response (HTTP/1.0
 *       keep-alive clients such as {@code ab -k} need the header);</li>
 *   <li>{@code RECORD_REQUEST_START_TIME} off: no clock read per request;</li>
 *   <li>{@code ENABLE_HTTP2} when the protocol includes HTTP/2: on a cleartext listener Undertow then answers both
 *       prior-knowledge h2c and the HTTP/1.1 upgrade.</li>
 * </ul>
 * The three server options before {@code ENABLE_HTTP2} are also Undertow 2.3's defaults; they are written so that
 * the lab's settings do not hang on a default.
 *
 * <p>light-4j's sizes are written here too, once for every Undertow target's size knobs (the plain one's
 * {@code UndertowServerConfig} and {@code --help}, the Spring ones' {@code UndertowKnobs}):
 * {@value #IO_THREADS_PER_CORE} I/O threads per core, {@value #DEFAULT_WORKER_THREADS} worker threads, buffers of
 * {@value #DEFAULT_BUFFER_SIZE} bytes (16 KiB).
 *
 * <p>undertow-core is a {@code provided} dependency of this module: each Undertow target brings its own Undertow
 * (undertow-core, undertow-servlet, Boot 3.5's starter, all at {@code undertow.version}), and the targets without
 * Undertow get none from here: on their classpaths this class is never loaded.
 */
public final class UndertowListener {

    /** light-4j's accept backlog, the default when {@code --backlog} is not given. */
    public static final int DEFAULT_BACKLOG = 10_000;
    /** light-4j's XNIO I/O threads per core ({@link #defaultIoThreads()}), for help texts. */
    public static final int IO_THREADS_PER_CORE = 2;
    /** light-4j's worker threads, the default when {@code --worker-threads} is not given. */
    public static final int DEFAULT_WORKER_THREADS = 200;
    /** light-4j's buffer size in bytes (16 KiB), the default when {@code --buffer-size} is not given. */
    public static final int DEFAULT_BUFFER_SIZE = 16 * 1024;

    private UndertowListener() {
    }

    /** The smallest buffer an Undertow target accepts ({@code --buffer-size}): below it a request head may not fit. */
    public static final int MIN_BUFFER_SIZE = 1024;

    /**
     * Checks the thread and buffer sizes of an Undertow target's command line, for every target that takes them (the
     * plain one and {@code webflux-undertow}): one bad option, one message naming its flag, its least value and what
     * it was.
     *
     * @throws IllegalArgumentException for the first size below its least value
     */
    public static void checkSizes(int ioThreads, int workerThreads, int bufferSize) {
        atLeast("--io-threads", ioThreads, 1, "");
        atLeast("--worker-threads", workerThreads, 1, "");
        atLeast("--buffer-size", bufferSize, MIN_BUFFER_SIZE, " bytes");
    }

    /** One option below its least value: its flag, what it must be, what it was. */
    public static void atLeast(String flag, int value, int min, String unit) {
        if (value < min) {
            throw new IllegalArgumentException(flag + " must be at least " + min + unit + ", was " + value
                    + "; leave it out for light-4j's default");
        }
    }

    /** light-4j's XNIO I/O threads on this machine, the default when {@code --io-threads} is not given. */
    public static int defaultIoThreads() {
        return IO_THREADS_PER_CORE * Runtime.getRuntime().availableProcessors();
    }

    /**
     * A builder with one HTTP listener on {@code host:port}, the given thread and buffer sizes, direct buffers, and
     * the {@link #options listener options}: what the two targets that build their own Undertow (the plain one and
     * {@code webflux-undertow}) start from. Boot 3.5's factory sets the sizes itself and takes only the options.
     *
     * @param ioThreads     XNIO I/O threads
     * @param workerThreads worker (blocking) threads
     * @param bufferSize    bytes per buffer
     */
    public static Undertow.Builder listener(String host, int port, int ioThreads, int workerThreads, int bufferSize,
                                            Integer backlog, boolean tcpNoDelay, ServerProtocol protocol) {
        return options(Undertow.builder()
                .addHttpListener(port, host)
                .setIoThreads(ioThreads)
                .setWorkerThreads(workerThreads)
                .setBufferSize(bufferSize)
                .setDirectBuffers(true), backlog, tcpNoDelay, protocol);
    }

    /**
     * Sets the listener options on {@code builder}.
     *
     * @param builder    the server's builder (Boot 3.5: the one its builder customizers get)
     * @param backlog    {@code --backlog}, {@code null} for {@link #DEFAULT_BACKLOG}
     * @param tcpNoDelay {@code TCP_NODELAY} on accepted connections
     * @param protocol   what the port serves; HTTP/2 among it turns on {@code ENABLE_HTTP2}
     * @return {@code builder}
     */
    public static Undertow.Builder options(Undertow.Builder builder, Integer backlog, boolean tcpNoDelay,
                                           ServerProtocol protocol) {
        return builder
                .setSocketOption(Options.BACKLOG, backlog == null ? DEFAULT_BACKLOG : backlog)
                .setSocketOption(Options.TCP_NODELAY, tcpNoDelay)
                .setServerOption(UndertowOptions.ALWAYS_SET_DATE, true)
                .setServerOption(UndertowOptions.ALWAYS_SET_KEEP_ALIVE, true)
                .setServerOption(UndertowOptions.RECORD_REQUEST_START_TIME, false)
                .setServerOption(UndertowOptions.ENABLE_HTTP2, protocol.http2());
    }
}
