package dev.fluxlab.runner;

import java.util.Optional;

/**
 * The injector's machine progress line (docs/contracts.md):
 * {@code fluxlab-progress phase=<warmup|measure> t=<s> ok=<n> errors=<n> rps=<n>}.
 */
public record ProgressLine(String phase, double t, long ok, long errors, double rps) {

    public static final String PREFIX = "fluxlab-progress";

    public static Optional<ProgressLine> parse(String line) {
        if (line == null || !line.startsWith(PREFIX + " ")) {
            return Optional.empty();
        }
        String phase = null;
        double t = 0;
        double rps = 0;
        long ok = 0;
        long errors = 0;
        try {
            for (String tok : line.substring(PREFIX.length()).trim().split("\\s+")) {
                int eq = tok.indexOf('=');
                if (eq <= 0) {
                    continue;
                }
                String k = tok.substring(0, eq);
                String v = tok.substring(eq + 1);
                switch (k) {
                    case "phase" -> phase = v;
                    case "t" -> t = Double.parseDouble(v);
                    case "ok" -> ok = Long.parseLong(v);
                    case "errors" -> errors = Long.parseLong(v);
                    case "rps" -> rps = Double.parseDouble(v);
                    default -> {
                    }
                }
            }
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        return phase == null ? Optional.empty() : Optional.of(new ProgressLine(phase, t, ok, errors, rps));
    }
}
