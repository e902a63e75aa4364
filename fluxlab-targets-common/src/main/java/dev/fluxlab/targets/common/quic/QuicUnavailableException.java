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

    /**
     * The refusal of a process that would have been a QUIC client (the proxy frontend reaching its backend over h3)
     * rather than an h3 server ({@link QuicSupport#refusal(String, String, String)}).
     *
     * @param what    what cannot run, e.g. {@code --backend-protocol h3 (HTTP/3 to the backend) cannot be used here}
     * @param problem why QUIC is unusable ({@link QuicSupport#problem()})
     * @param instead what to do instead, e.g. {@code use --backend-protocol h2 on this machine}
     */
    public QuicUnavailableException(String what, String problem, String instead) {
        super(QuicSupport.refusal(what, problem, instead));
    }
}
