package dev.fluxlab.model.run;

import dev.fluxlab.model.profile.FrameShare;

import java.util.List;

/**
 * One JVM's profile in a cell's profiled repeat (added in fluxlab.run/1). Paths are relative to the results folder.
 *
 * @param process    the process name ({@code injector} for fluxlab's injector, else the target process)
 * @param role       {@code target} or {@code injector}
 * @param event      what the profiler actually sampled: {@code ctimer} or {@code itimer} (CPU time, timer-based),
 *                   {@code wall}, {@code alloc}, {@code lock}
 * @param flameGraph async-profiler's interactive flame graph (HTML), or null
 * @param collapsed  the collapsed stacks the top frames come from, or null
 * @param jfr        the JDK Flight Recorder recording of the measured window ({@code jfr} mode), or null
 * @param samples    samples in the collapsed stacks
 * @param top        the frames with the most self time (at most 10), most first
 * @param problem    why this process has no (or an incomplete) profile; null when it has one
 * @param sampledS   seconds this process was sampled: from its profiler's start to its stop, which open one after
 *                   another once the injector reports the first measured second; null when it was not started or not
 *                   stopped (absent in runs before it was recorded)
 */
public record ProcessProfile(String process, String role, String event, String flameGraph, String collapsed,
                             String jfr, Long samples, List<FrameShare> top, String problem, Double sampledS) {
}
