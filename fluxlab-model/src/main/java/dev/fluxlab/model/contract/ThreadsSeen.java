package dev.fluxlab.model.contract;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Which threads a fan-out target's requests and components ran on (seed 003 read them from its traces): per strategy,
 * per role ({@link #REQUEST}: the thread that received the request and started its fan-out; {@link #COMPONENT}: the
 * thread that handled each fetched component, its {@code onNext}), a count per thread-name pattern
 * ({@code reactor-http-epoll-3} counts under {@code reactor-http-epoll-*}, every virtual thread under
 * {@link #VIRTUAL}).
 *
 * <p>The one place of this part of the child-to-runner protocol: the fan-out targets serve it as the field
 * {@value #FIELD} of the document on their readiness line's {@code stats} path, the runner stores that document in
 * {@code RepeatResult.target_stats} untouched, and the reports read it back with {@link #from(Object)}. Counts cover
 * the process's life after its priming (warm-up and, under {@code fork: shared}, earlier cells included).
 *
 * @param counts strategy -> role -> thread-name pattern -> count, each level sorted by name
 */
public record ThreadsSeen(Map<String, Map<String, Map<String, Long>>> counts) {

    /** The field of the stats document that holds {@link #counts}. */
    public static final String FIELD = "threads_seen";
    /** The role of the thread a request arrived on. */
    public static final String REQUEST = "request";
    /** The role of the thread that handled a fetched component. */
    public static final String COMPONENT = "component";
    /** The roles, in the order reports show them. */
    public static final List<String> ROLES = List.of(REQUEST, COMPONENT);
    /** The pattern of every virtual thread (they carry no name of their own). */
    public static final String VIRTUAL = "virtual";
    /** The pattern of a platform thread without a name. */
    public static final String UNNAMED = "(unnamed)";

    private static final Pattern NUMBERED = Pattern.compile("^(.*[-_.])\\d+$");

    public ThreadsSeen {
        Map<String, Map<String, Map<String, Long>>> copy = new TreeMap<>();
        counts.forEach((strategy, roles) -> {
            Map<String, Map<String, Long>> r = new TreeMap<>();
            roles.forEach((role, patterns) -> r.put(role, java.util.Collections.unmodifiableMap(new TreeMap<>(patterns))));
            copy.put(strategy, java.util.Collections.unmodifiableMap(r));
        });
        counts = java.util.Collections.unmodifiableMap(copy);
    }

    /**
     * The pattern a thread counts under: {@link #VIRTUAL} for a virtual thread, else its name with a trailing number
     * after {@code -}, {@code _} or {@code .} replaced by {@code *} ({@code parallel-2} -> {@code parallel-*},
     * {@code boundedElastic-14} -> {@code boundedElastic-*}), else its name.
     */
    public static String pattern(String name, boolean virtual) {
        if (virtual) {
            return VIRTUAL;
        }
        if (name == null || name.isEmpty()) {
            return UNNAMED;
        }
        var m = NUMBERED.matcher(name);
        return m.matches() ? m.group(1) + "*" : name;
    }

    /** {@link #pattern(String, boolean)} of a thread. */
    public static String pattern(Thread t) {
        return pattern(t.getName(), t.isVirtual());
    }

    /** The stats document's part: {@code {"threads_seen": counts}}. */
    public Map<String, Object> document() {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put(FIELD, counts);
        return doc;
    }

    /** The count of one strategy, role and pattern; 0 when not seen. */
    public long count(String strategy, String role, String pattern) {
        return counts.getOrDefault(strategy, Map.of()).getOrDefault(role, Map.of()).getOrDefault(pattern, 0L);
    }

    /** Every count of one strategy and role: pattern -> count (empty when none). */
    public Map<String, Long> of(String strategy, String role) {
        return counts.getOrDefault(strategy, Map.of()).getOrDefault(role, Map.of());
    }

    /**
     * Reads the evidence from a stats document as the runner recorded it (parsed JSON); empty when the document holds
     * no {@value #FIELD}. Parts of another shape (not an object, a count that is not a non-negative number) are left
     * out: a report shows what is readable.
     */
    public static Optional<ThreadsSeen> from(Object statsDocument) {
        if (!(statsDocument instanceof Map<?, ?> doc) || !(doc.get(FIELD) instanceof Map<?, ?> strategies)) {
            return Optional.empty();
        }
        Map<String, Map<String, Map<String, Long>>> out = new TreeMap<>();
        strategies.forEach((s, roles) -> {
            if (s == null || !(roles instanceof Map<?, ?> rm)) {
                return;
            }
            Map<String, Map<String, Long>> r = new TreeMap<>();
            rm.forEach((role, patterns) -> {
                if (role == null || !(patterns instanceof Map<?, ?> pm)) {
                    return;
                }
                Map<String, Long> p = new TreeMap<>();
                pm.forEach((name, n) -> {
                    if (name != null && n instanceof Number num && Double.isFinite(num.doubleValue())
                            && num.doubleValue() >= 0) {
                        p.put(String.valueOf(name), num.longValue());
                    }
                });
                r.put(String.valueOf(role), p);
            });
            out.put(String.valueOf(s), r);
        });
        return Optional.of(new ThreadsSeen(out));
    }

    /** The strategies it holds, sorted. */
    public List<String> strategies() {
        return new ArrayList<>(counts.keySet());
    }
}
