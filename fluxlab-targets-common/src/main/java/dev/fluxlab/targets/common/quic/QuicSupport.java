package dev.fluxlab.targets.common.quic;

import java.util.Optional;

/**
 * Whether HTTP/3 can run here: Netty's QUIC support is the {@code io.netty.handler.codec.quic.Quic} class
 * ({@code netty-codec-classes-quic}) over a native library shipped per platform ({@code netty-codec-native-quic}; the
 * lab carries its linux-x86_64 jar). Either may be missing: the classes on a Netty 4.1 classpath, the library on
 * another architecture or when its jar is left out. Netty is asked by name (reflection), as the runner's transport
 * check asks for epoll and io_uring, so the answer is a sentence rather than a {@link LinkageError} deep in a bind.
 */
public final class QuicSupport {

    /** Netty's QUIC entry class: {@code isAvailable()} and {@code unavailabilityCause()}. */
    static final String QUIC_CLASS = "io.netty.handler.codec.quic.Quic";

    private QuicSupport() {
    }

    /** Why QUIC cannot be used here, or empty when it can. */
    public static Optional<String> problem() {
        return problem(QUIC_CLASS, QuicSupport.class.getClassLoader());
    }

    /**
     * {@link #problem()} against the class {@code className} of {@code loader}: tests name a class that is not
     * there, as a classpath without the QUIC jars would.
     */
    static Optional<String> problem(String className, ClassLoader loader) {
        try {
            Class<?> quic = Class.forName(className, true, loader);
            if ((Boolean) quic.getMethod("isAvailable").invoke(null)) {
                return Optional.empty();
            }
            Throwable cause = (Throwable) quic.getMethod("unavailabilityCause").invoke(null);
            return Optional.of("Netty's native QUIC library (netty-codec-native-quic) does not load on "
                    + platform() + ": " + (cause == null ? "no cause given" : root(cause)));
        } catch (ClassNotFoundException e) {
            return Optional.of("Netty's QUIC classes (netty-codec-classes-quic, Netty 4.2) are not on this classpath");
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            return Optional.of("Netty's QUIC support cannot be loaded on " + platform() + ": " + root(e));
        }
    }

    /**
     * Refuses unless QUIC can be used.
     *
     * @throws QuicUnavailableException naming the cause and the fix
     */
    public static void require() {
        problem().ifPresent(p -> {
            throw new QuicUnavailableException(p);
        });
    }

    /** The refusal of protocol h3 for {@code problem}, one line: what cannot run, why, and what to do instead. */
    public static String refusal(String problem) {
        return refusal("protocol h3 (HTTP/3) cannot be served here", problem,
                "use h2 (HTTP/2 over TLS) on this machine");
    }

    /** One line: {@code what}, why ({@code problem}), where the library comes from, and {@code instead}. */
    public static String refusal(String what, String problem, String instead) {
        return what + ": " + problem + "; the lab carries the library for linux-x86_64 only (netty-codec-native-quic's "
                + "linux-x86_64 jar on the classpath): without it, " + instead;
    }

    private static String platform() {
        return System.getProperty("os.name", "?").toLowerCase() + "-" + System.getProperty("os.arch", "?");
    }

    private static String root(Throwable t) {
        Throwable r = t;
        while (r.getCause() != null && r.getCause() != r) {
            r = r.getCause();
        }
        String m = r.getClass().getSimpleName() + (r.getMessage() == null ? "" : ": " + r.getMessage());
        return m.strip().replaceAll("\\s*\\R\\s*", " ");
    }
}
