package dev.fluxlab.targets.common.quic;

/**
 * HTTP/3 cannot be served here: Netty's native QUIC library is absent or does not load on this machine. Its message
 * is the whole refusal, one line with the cause and the fix, as a target prints it ({@code ServeSupport}) and as the
 * runner records it for the h3 cells it makes invalid.
 */
public final class QuicUnavailableException extends RuntimeException {

    /** @param problem why QUIC is unusable ({@link QuicSupport#problem()}) */
    public QuicUnavailableException(String problem) {
        super(QuicSupport.refusal(problem));
    }
}
