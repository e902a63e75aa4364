package dev.fluxlab.model.claim;

import dev.fluxlab.model.decide.DecideMethod;
import dev.fluxlab.model.decide.PairTest;
import dev.fluxlab.model.decide.RatioInterval;
import dev.fluxlab.model.decide.Trial;
import dev.fluxlab.model.decide.TrialRecord;
import dev.fluxlab.model.decide.WindowFigure;
import dev.fluxlab.model.run.ClaimResult;
import dev.fluxlab.model.run.ClaimVerdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Judges a claim from its interleaved trial ({@link TrialRecord}): the windows are replayed through the sequential
 * {@link Trial} the runner ran, so the verdict written is the one the windows support under the installed rules, not
 * a recorded one. Each relation becomes pair tests on the ratio of the cells' figures ({@link #tests}); a claim holds
 * when every pair's interval lies inside its range, is contradicted when one lies entirely outside, and stays
 * inconclusive, with its interval and an estimate of the time that would likely decide it, when the trial's budget was
 * spent first.
 */
final class TrialJudge {

    private TrialJudge() {
    }

    /** The trial recorded for {@code claim} (same title and cells), if any. */
    static Optional<TrialRecord> trialOf(Claim claim, List<TrialRecord> trials) {
        if (trials == null) {
            return Optional.empty();
        }
        List<String> ids = claim.cells().stream().map(Claim.ClaimCell::id).toList();
        return trials.stream().filter(t -> t != null && claim.title().equals(t.claim()) && ids.equals(t.cells()))
                .findFirst();
    }

    /**
     * {@code plain} (the claim judged from its cells' repeats) replaced by the trial's verdict when the trial measured
     * windows; otherwise {@code plain} with the reason the trial did not run appended.
     */
    static ClaimResult judge(Claim claim, ClaimResult plain, TrialRecord trial) {
        Optional<WindowFigure> figure = WindowFigure.byKey(trial.figure());
        if (!trial.measured() || figure.isEmpty()) {
            String why = trial.ended() == null ? "" : "; not interleaved: " + trial.ended();
            return new ClaimResult(plain.claim(), plain.source(), plain.quote(), plain.figure(), plain.relation(),
                    plain.cells(), plain.verdict(), plain.reason() + why, plain.theory(), plain.basis(),
                    plain.intervals(), plain.why(), plain.needsCores());
        }
        List<String> ids = trial.cells();
        List<PairTest> tests = ClaimTests.of(claim.relation(), ids);
        Trial.Look look = Trial.recompute(ids, tests, figure.get(), trial.plan(), trial.windows());
        if (look.rounds() < trial.plan().minRounds()) {
            // too few rounds to judge anything: the repeats' verdict stands, with what ended the trial
            return new ClaimResult(plain.claim(), plain.source(), plain.quote(), plain.figure(), plain.relation(),
                    plain.cells(), plain.verdict(), plain.reason() + "; its interleaved trial ended after "
                    + look.rounds() + " of the " + trial.plan().minRounds() + " rounds a verdict needs: "
                    + trial.ended(), plain.theory(), plain.basis(), plain.intervals(), plain.why(), plain.needsCores());
        }
        Map<String, String> labels = claim.cells().stream()
                .collect(Collectors.toMap(Claim.ClaimCell::id, Claim.ClaimCell::label, (a, b) -> a));
        Function<String, String> label = id -> labels.getOrDefault(id, id);
        List<ClaimResult.PairInterval> intervals = new ArrayList<>();
        List<String> parts = new ArrayList<>();
        for (Trial.PairResult p : look.pairs()) {
            RatioInterval i = p.interval();
            String outcome = p.outcome().name().toLowerCase(Locale.ROOT);
            intervals.add(new ClaimResult.PairInterval(label.apply(p.test().a()), label.apply(p.test().b()),
                    i.ratio(), i.low(), i.high(), 1 - i.alpha(), i.pairs(), outcome,
                    p.test().low() > 0 ? p.test().low() : null,
                    Double.isFinite(p.test().high()) ? p.test().high() : null));
            boolean excludesOne = i.high() < 1 || i.low() > 1;
            parts.add(label.apply(p.test().a()) + " / " + label.apply(p.test().b()) + " = " + interval(i)
                    + (p.outcome() == PairTest.Outcome.OPEN ? " (straddles " + range(p.test())
                    + (excludesOne ? "; excludes 1: the two differ, by less than the claim decides" : "") + ")" : ""));
        }
        String level = look.pairs().isEmpty() ? "" : String.format(Locale.ROOT, "%.1f", 100 * (1 - look.pairs().get(0)
                .interval().alpha()));
        String basis = String.format(Locale.ROOT, "%d %s rounds of %s s windows, %s %% intervals of the "
                + "sequential test", look.rounds(), trial.decideMethod() == DecideMethod.DUET
                ? "duet (cells loaded together)" : "interleaved", number(trial.windowSeconds()), level);
        if (trial.methodNote() != null) {
            basis = basis + "; alternated instead of duet: " + trial.methodNote();
        }
        for (String w : trial.warmups()) {
            if (w.startsWith(TrialRecord.BURN_IN_NOTE)) {
                basis = basis + "; " + w; // rounds not counted because a JVM still compiled in them
            }
        }
        ClaimVerdict verdict = switch (look.state()) {
            case HOLDS -> ClaimVerdict.CONFIRMED;
            case FAILS -> ClaimVerdict.CONTRADICTED;
            case OPEN -> ClaimVerdict.INCONCLUSIVE;
        };
        String reason = String.join("; ", parts) + " (" + basis + ", claimed " + claim.relation().text() + ")";
        String why = null;
        if (verdict == ClaimVerdict.INCONCLUSIVE) {
            why = ClaimResult.InconclusiveWhy.STRADDLES.label();
            reason = reason + "; " + (TrialRecord.DECIDED.equals(trial.ended()) || trial.ended() == null ? ""
                    : "the trial ended: " + trial.ended() + "; ") + more(look, trial);
        }
        return new ClaimResult(plain.claim(), plain.source(), plain.quote(), plain.figure(), plain.relation(),
                plain.cells(), verdict.label(), reason, plain.theory(), ClaimResult.INTERLEAVED, intervals, why,
                plain.needsCores());
    }

    /** How much longer the trial would likely have needed, at the noise its windows showed. */
    private static String more(Trial.Look look, TrialRecord trial) {
        double rounds = 0;
        for (Trial.PairResult p : look.pairs()) {
            if (p.outcome() != PairTest.Outcome.OPEN) {
                continue;
            }
            double threshold = p.test().nearestEnd(p.interval().ratio());
            rounds = Math.max(rounds, p.interval().roundsToExclude(threshold) - look.rounds());
        }
        if (!Double.isFinite(rounds)) {
            return "the ratio sits on the threshold: no length of trial would likely decide it at this noise";
        }
        double minutes = rounds * trial.secondsPerRound() / 60;
        if (minutes > 60) {
            return "more than an hour of rounds would be needed at the observed noise: the ratio sits close to the "
                    + "claim's threshold";
        }
        return String.format(Locale.ROOT, "about %.0f more rounds (%.1f min) would likely decide it at the observed "
                + "noise (decide_max)", Math.ceil(rounds), minutes);
    }

    static String interval(RatioInterval i) {
        return ClaimJudge.ratio(i.ratio()) + " [" + bound(i.low()) + ", " + bound(i.high()) + "]";
    }

    private static String bound(double v) {
        return Double.isInfinite(v) ? "∞" : String.format(Locale.ROOT, v >= 10 ? "%.1f" : "%.3f", v);
    }

    private static String range(PairTest t) {
        if (Double.isInfinite(t.high())) {
            return number(t.low());
        }
        return number(t.low()) + ".." + number(t.high());
    }

    private static String number(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.3g", v);
    }
}
