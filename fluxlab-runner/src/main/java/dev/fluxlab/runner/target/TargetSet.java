package dev.fluxlab.runner.target;

import dev.fluxlab.model.Readiness;
import dev.fluxlab.model.ReadinessAttributes;
import dev.fluxlab.model.http.WireProtocol;
import dev.fluxlab.model.suite.Cell;
import dev.fluxlab.runner.process.ChildProcess;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The running target processes of a cell, in start order, with what they announced: GC log files, readiness
 * attributes (and the {@code ${process.attribute}} placeholders later processes were given).
 *
 * @param processes  the target processes, in start order
 * @param gcLogs     by process name: its GC log
 * @param readiness  by process name: the attributes of its readiness line
 * @param startedFor the id of the cell whose repeat started them
 * @param aotCaches  by process name: the file name of the AOT cache it started from (trained); a process started
 *                   cold is absent
 */
public record TargetSet(List<ChildProcess> processes, Map<String, Path> gcLogs,
                        Map<String, Map<String, String>> readiness, String startedFor, Map<String, String> aotCaches) {

    public TargetSet {
        processes = List.copyOf(processes);
        gcLogs = Map.copyOf(gcLogs);
        readiness = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(readiness));
        aotCaches = aotCaches == null ? Map.of() : Map.copyOf(aotCaches);
    }

    /** Processes that all started cold. */
    public TargetSet(List<ChildProcess> processes, Map<String, Path> gcLogs,
                     Map<String, Map<String, String>> readiness, String startedFor) {
        this(processes, gcLogs, readiness, startedFor, Map.of());
    }

    /** Whether every process still runs. */
    public boolean alive() {
        return processes.stream().allMatch(ChildProcess::isAlive);
    }

    /** Whether a process other than {@code except} ended without being asked to. */
    public boolean anyExited(ChildProcess except) {
        return processes.stream().anyMatch(t -> t != except && t.exitedOnItsOwn());
    }

    public boolean contains(ChildProcess c) {
        return processes.contains(c);
    }

    /** The process named {@code name}. */
    public ChildProcess process(String name) {
        return processes.stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
    }

    /** What process {@code name} announced on its readiness line; none when it announced nothing. */
    public ReadinessAttributes announced(String name) {
        return ReadinessAttributes.of(readiness.get(name));
    }

    /**
     * The protocol the load speaks: the load profile's, else the one the entry process announced (or its
     * {@code protocol} knob) when that is a wire, else HTTP/1.1 ({@link WireProtocol#ofOrHttp11}).
     */
    public String protocol(Cell cell) {
        if (cell.load().protocol() != null) {
            return cell.load().protocol();
        }
        return WireProtocol.ofOrHttp11(announced(cell.entry()).protocol()
                .orElse(cell.entryProcess().knobs().get("protocol"))).label();
    }

    /** The URL of the cell's scenario on the entry process: its announced host and port, https for h2 and h3. */
    public String entryUrl(Cell cell) {
        ReadinessAttributes entry = announced(cell.entry());
        String host = entry.host().orElse("127.0.0.1");
        WireProtocol wire = WireProtocol.ofOrHttp11(protocol(cell));
        String scheme = wire == WireProtocol.H2 || wire == WireProtocol.H3 ? "https" : "http";
        return scheme + "://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + entry.get(Readiness.PORT)
                + cell.scenario().path();
    }
}
