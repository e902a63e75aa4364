package dev.fluxlab.model.profile;

/**
 * One frame's self time in a profile: the samples whose innermost (leaf) frame it is, and their share of all samples.
 *
 * @param frame   the frame as the profiler names it (e.g. {@code io/netty/channel/nio/NioEventLoop.run})
 * @param samples samples with this frame on top of the stack
 * @param share   {@code samples} / all samples of the profile, 0..1
 */
public record FrameShare(String frame, long samples, double share) {
}
