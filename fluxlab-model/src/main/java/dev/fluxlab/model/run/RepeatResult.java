package dev.fluxlab.model.run;

import dev.fluxlab.model.load.LoadResult;

import java.util.List;
import java.util.Map;

/**
 * One repeat of one cell: the injector's document, what was observed of every process, what the logs said,
 * and whether this repeat is trustworthy.
 *
 * @param injectorCpuShare injector CPU / CPU of every process during the measured phase: on a small machine the
 *                         injector and the targets share cores (added in fluxlab.run/1, may be null)
 * @param measuredS        length of the measured window the process figures cover, in seconds (may be null)
 * @param readiness        by process name: the attributes of its readiness line (port, protocol, the transport
 *                         actually in use...) (added in fluxlab.run/1, may be null)
 * @param targetStats      by process name: the JSON document a target serves on the {@code stats} path it
 *                         announced in its readiness line (e.g. the proxy frontend's per-event-loop counters), fetched
 *                         by the runner after the measured phase; counts cover the process's life, warm-up included
 *                         (added in fluxlab.run/1, may be null)
 * @param targetsFrom      with {@code fork: shared}: the id of the cell whose repeat started the target JVMs this
 *                         repeat ran against (their JIT was already warm); null when they were started for it
 * @param machine          the whole machine's CPU in the measured window (added in fluxlab.run/1, may be null)
 * @param speed            the machine's own speed (the reference workload) just before this repeat started (added in
 *                         fluxlab.run/1, may be null)
 * @param listen           the kernel's accept-queue evidence over the measured window: listen overflows and drops
 *                         (namespace-wide counters) and the entry's listening socket queue (added in fluxlab.run/1,
 *                         may be null)
 * @param prime            the document of the cell's priming load ({@code prime:}), run before its warm-up and
 *                         counted in no figure (added in fluxlab.run/1, null when the cell has none)
 * @param placement        where each process ran: host, CPU list, the {@code availableProcessors} it reported (added in
 *                         fluxlab.run/1, may be null)
 * @param injectors        with several injectors: each one's own document, in injector order ({@code load} is then
 *                         their merge); null with one injector (added in fluxlab.run/1)
 * @param injectorStartSpreadMs with several injectors: how far apart their measured phases started, in milliseconds
 *                         of the runner's clock (each document's start less its host's measured clock offset); null
 *                         with one injector (added in fluxlab.run/1)
 * @param hostMachines     by suite host (as the suite names it) that ran a process of this repeat: that machine's
 *                         whole CPU in the measured window, from its agent, with {@code othersCores} the busy cores
 *                         this repeat's processes there do not account for; null without hosts, and a host is left
 *                         out when its agent's readings do not cover the window (added in fluxlab.run/1)
 * @param injectorStartAlignment with several injectors: the bound of {@code injectorStartSpreadMs} and each
 *                         injector machine's clock offset it was taken with, measured for this repeat; null with one
 *                         injector or when fewer than two said when they started (added in fluxlab.run/1)
 */
public record RepeatResult(
        int repeat,
        String startedAt,
        LoadResult load,
        List<ProcessStats> processes,
        List<LogFinding> findings,
        boolean valid,
        List<String> reasons,
        Double injectorCpuShare,
        Double measuredS,
        Map<String, Map<String, String>> readiness,
        Map<String, Object> targetStats,
        String targetsFrom,
        MachineCpu machine,
        MachineSpeed speed,
        ListenQueue listen,
        LoadResult prime,
        List<ProcessPlacement> placement,
        List<LoadResult> injectors,
        Long injectorStartSpreadMs,
        Map<String, MachineCpu> hostMachines,
        StartAlignment injectorStartAlignment) {

    /** A repeat recorded without the alignment of its injectors' starts. */
    public RepeatResult(int repeat, String startedAt, LoadResult load, List<ProcessStats> processes,
                        List<LogFinding> findings, boolean valid, List<String> reasons, Double injectorCpuShare,
                        Double measuredS, Map<String, Map<String, String>> readiness, Map<String, Object> targetStats,
                        String targetsFrom, MachineCpu machine, MachineSpeed speed, ListenQueue listen, LoadResult prime,
                        List<ProcessPlacement> placement, List<LoadResult> injectors, Long injectorStartSpreadMs,
                        Map<String, MachineCpu> hostMachines) {
        this(repeat, startedAt, load, processes, findings, valid, reasons, injectorCpuShare, measuredS, readiness,
                targetStats, targetsFrom, machine, speed, listen, prime, placement, injectors, injectorStartSpreadMs,
                hostMachines, null);
    }

    /** A repeat recorded without the injectors' start spread and the hosts' machines. */
    public RepeatResult(int repeat, String startedAt, LoadResult load, List<ProcessStats> processes,
                        List<LogFinding> findings, boolean valid, List<String> reasons, Double injectorCpuShare,
                        Double measuredS, Map<String, Map<String, String>> readiness, Map<String, Object> targetStats,
                        String targetsFrom, MachineCpu machine, MachineSpeed speed, ListenQueue listen, LoadResult prime,
                        List<ProcessPlacement> placement, List<LoadResult> injectors) {
        this(repeat, startedAt, load, processes, findings, valid, reasons, injectorCpuShare, measuredS, readiness,
                targetStats, targetsFrom, machine, speed, listen, prime, placement, injectors, null, null, null);
    }

    /** A repeat without a priming load. */
    public RepeatResult(int repeat, String startedAt, LoadResult load, List<ProcessStats> processes,
                        List<LogFinding> findings, boolean valid, List<String> reasons, Double injectorCpuShare,
                        Double measuredS, Map<String, Map<String, String>> readiness, Map<String, Object> targetStats,
                        String targetsFrom, MachineCpu machine, MachineSpeed speed, ListenQueue listen) {
        this(repeat, startedAt, load, processes, findings, valid, reasons, injectorCpuShare, measuredS, readiness,
                targetStats, targetsFrom, machine, speed, listen, null, null, null);
    }

    /** A repeat that produced nothing but the reason it is invalid (the runner failed on it). */
    public static RepeatResult failed(int repeat, String startedAt, String reason) {
        return new RepeatResult(repeat, startedAt, null, List.of(), List.of(), false, List.of(reason), null, null,
                null, null, null, null, null, null);
    }

    /** The same repeat with the document of its priming load. */
    public RepeatResult withPrime(LoadResult p) {
        return new RepeatResult(repeat, startedAt, load, processes, findings, valid, reasons, injectorCpuShare,
                measuredS, readiness, targetStats, targetsFrom, machine, speed, listen, p, placement, injectors,
                injectorStartSpreadMs, hostMachines, injectorStartAlignment);
    }
}
