package dev.fluxlab.runner.registry;

/**
 * Run in a child JVM by {@link HostPlatform}: asks Netty whether native transports load here and prints one line
 * per transport, {@code transport=<name> ok} or {@code transport=<name> problem=<cause>}. A separate JVM keeps
 * native libraries and their warnings out of the CLI and sees the same classpath and flags as a target.
 */
public final class TransportProbe {

    private TransportProbe() {
    }

    public static void main(String[] args) {
        for (String t : args) {
            String cls = switch (t) {
                case "epoll" -> "io.netty.channel.epoll.Epoll";
                case "io_uring" -> "io.netty.channel.uring.IoUring";
                default -> null;
            };
            System.out.println("transport=" + t + " " + check(cls, t));
        }
    }

    private static String check(String className, String name) {
        if (className == null) {
            return "ok";
        }
        try {
            Class<?> c = Class.forName(className);
            if ((Boolean) c.getMethod("isAvailable").invoke(null)) {
                return "ok";
            }
            Throwable cause = (Throwable) c.getMethod("unavailabilityCause").invoke(null);
            return "problem=" + (cause == null ? "unknown cause" : root(cause));
        } catch (ClassNotFoundException e) {
            return "problem=Netty's " + name + " transport is not on the classpath";
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            return "problem=" + root(e);
        }
    }

    private static String root(Throwable t) {
        Throwable r = t;
        while (r.getCause() != null && r.getCause() != r) {
            r = r.getCause();
        }
        String m = r.getClass().getSimpleName() + (r.getMessage() == null ? "" : ": " + r.getMessage());
        return m.replace('\n', ' ');
    }
}
