package dev.fluxlab.model.load;

/**
 * One second of a load phase as the injector saw it: {@code t} is seconds since the phase started,
 * {@code ok} the verified responses completed in that second, {@code errors} the failed ones.
 */
public record SecondSample(String phase, int t, long ok, long errors) {
}
