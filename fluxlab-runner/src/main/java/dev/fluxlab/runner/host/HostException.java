package dev.fluxlab.runner.host;

/**
 * A host cannot be used: unreachable, refused our key, no usable JDK, a failed copy. The message is one line naming
 * the host, what went wrong and the fix, meant to be printed as it is (no stack trace).
 */
public final class HostException extends RuntimeException {

    public HostException(String message) {
        super(message);
    }
}
