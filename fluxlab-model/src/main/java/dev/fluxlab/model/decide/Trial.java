package dev.fluxlab.model.decide;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.random.RandomGenerator;

/**
 * The sequential plan of one claim: its cells are measured in rounds, one window each, in a fresh random order every
 * round, and after each round the windows so far are looked at; the trial stops as soon as they decide the claim or
 * the planned rounds are used up.
 *
 * <p>Why rounds: the machine's speed moves over minutes, often by as much as the differences a claim is about. A cell
 * measured in its own block of time carries that drift into its figure; windows of all cells taken within one round
 * share it, and it cancels in their ratio ({@link RatioInterval}). The order within a round is shuffled so that no
 * cell always runs first (after the idle gap) or last (after the others warmed the caches). Why sequential: a 171x
 * difference is settled at the first look that may decide, a 5 % one needs dozens of rounds, and a fixed count
 * would either waste rounds on the first or leave the second undecided.
 *
 * <p>How the looks stay honest: the claim's error rate {@link Plan#alpha} is spent over the rounds by
 * {@link AlphaSpending} (Pocock type: about evenly over the looks), each look's intervals are computed at the
 * increment that look may spend, and that increment is divided among the claim's pair tests (Bonferroni across
 * pairs), so the chance that any interval of any look misses its true ratio is at most alpha. Looks before
 * {@link Plan#minRounds} spend nothing and decide nothing.
 *
 * <p>Windows are paired by round. A round counts ({@link #rounds()}) when every cell has a window in it with a
 * usable figure (finite, above 0); a pair test uses every round in which both of its cells have one, so a window
 * lost in one cell only drops the pairs that involve that cell.
 *
 * <p>Not thread-safe: one runner feeds the windows and looks.
 */
public final class Trial {

    /** Rounds before a trial's first look: a trial for which fewer fit in {@code decide_max} is not run. */
    public static final int MIN_ROUNDS = 5;
    /** The shortest measured window of a trial (longer for cells with slow responses: runner.decide.TrialPhases). */
    public static final java.time.Duration MIN_WINDOW = java.time.Duration.ofSeconds(2);
    /** The shortest settle, the unmeasured load before each window. */
    public static final java.time.Duration MIN_SETTLE = java.time.Duration.ofMillis(500);

    /**
     * The least budget ({@code decide_max}) in which any trial with {@code windowsPerRound} windows one after another
     * per round ({@link DecideMethod#windowsPerRound}) can run: {@link #MIN_ROUNDS} rounds of the shortest window and
     * settle, each window job with its overhead ({@link TrialRecord#JOB_OVERHEAD_SECONDS}). A smaller one judges the
     * claim from its repeats, whatever its cells measure.
     */
    public static java.time.Duration leastBudget(int windowsPerRound) {
        long job = MIN_WINDOW.toMillis() + MIN_SETTLE.toMillis() + Math.round(TrialRecord.JOB_OVERHEAD_SECONDS * 1000);
        return java.time.Duration.ofMillis((long) MIN_ROUNDS * windowsPerRound * job);
    }

    /**
     * The bounds of a trial.
     *
     * <p>The first look that may decide spends {@code AlphaSpending.spent(alpha, minRounds / maxRounds)} at once,
     * and with few rounds the t quantile of so small an error rate is huge. With 60 rounds planned and alpha 0.05:
     * at 10 rounds the look spends 1.6e-6, t(9 df) = 11, and a window noise of 10 % (0.14 in the log ratio) gives a
     * half-width of 0.49 on the log scale, ample for a 171x claim; at 5 rounds it spends 1.1e-11, t(4 df) = 855, and
     * the half-width is 54: not even a 171x difference measured to 1 % can be decided there. In TrialTest's
     * simulations, 10 of 60 rounds decides a 171x difference at that first look in more than 90 % of the trials.
     *
     * @param minRounds rounds before the first look that may decide, at least 2
     * @param maxRounds rounds at which the trial stops, decided or not, at least {@code minRounds}
     * @param alpha     the claim's whole two-sided error rate, over all looks and pairs (0.05 for 95 %)
     * @param futility  stop early, undecided, once every open pair would need more than this many times
     *                  {@code maxRounds} to decide at the noise seen ({@link #futile}); 0 never (results written before
     *                  it existed)
     */
    public record Plan(int minRounds, int maxRounds, double alpha, double futility) {

        /** A plan that runs to {@code maxRounds} when undecided. */
        public Plan(int minRounds, int maxRounds, double alpha) {
            this(minRounds, maxRounds, alpha, 0);
        }

        public Plan {
            if (!(futility >= 0) || Double.isInfinite(futility)) {
                throw new IllegalArgumentException("futility must be 0 (none) or a finite factor, not " + futility);
            }
            if (minRounds < 2) {
                throw new IllegalArgumentException("minRounds must be at least 2, not " + minRounds);
            }
            if (maxRounds < minRounds) {
                throw new IllegalArgumentException("maxRounds (" + maxRounds + ") must be at least minRounds ("
                        + minRounds + ")");
            }
            if (!(alpha > 0 && alpha < 1)) {
                throw new IllegalArgumentException("alpha must be above 0 and below 1, not " + alpha);
            }
        }

        /** A look may stop for futility from this fraction of {@code maxRounds} on ({@link Trial#futile}). */
        public static final double FUTILITY_FROM = 1.0 / 3;

        /** Each look after the first comes after at least this factor more rounds ({@link #looksAt}). */
        public static final double LOOK_GROWTH = 1.25;

        /**
         * Whether a look may spend error rate after {@code rounds} complete rounds: at {@code minRounds}, then each
         * time the rounds grew by {@link #LOOK_GROWTH} (rounded up, at least one round more) while the last look,
         * {@code maxRounds}, is still that factor away (a look at 15 of 16 rounds left the last one 0.002 of an alpha
         * of 0.05, and its interval wider than the one before), and at {@code maxRounds}. Looking after every round would split the error rate into many small increments, and
         * each would need a wider interval; a geometric schedule keeps the looks few (about a dozen for 60 rounds)
         * while a large effect still stops at the first.
         */
        public boolean looksAt(int rounds) {
            if (rounds >= maxRounds) {
                return true;
            }
            if (rounds > minRounds && rounds * LOOK_GROWTH > maxRounds) {
                return false; // so close to the last look that a look here would leave it a sliver of the error rate
            }
            int look = minRounds;
            while (look < rounds) {
                look = Math.max(look + 1, (int) Math.ceil(look * LOOK_GROWTH));
            }
            return look == rounds;
        }
    }

    /** Where the claim stands. */
    public enum State {
        /** Every pair test holds. */
        HOLDS,
        /** At least one pair test fails. */
        FAILS,
        /** Neither yet. */
        OPEN
    }

    /**
     * One pair test at a look.
     *
     * @param test     the pair and its range
     * @param interval the interval of its ratio at the look's alpha
     * @param outcome  what the look concluded for the pair
     */
    public record PairResult(PairTest test, RatioInterval interval, PairTest.Outcome outcome) {
    }

    /**
     * One look at the windows.
     *
     * @param rounds          the complete rounds looked at ({@link #rounds()})
     * @param state           FAILS when any pair fails, HOLDS when all hold, OPEN otherwise
     * @param pairs           one result per pair test, in the tests' order
     * @param alphaSpentTotal the error rate spent by all looks so far, over all pairs ({@link AlphaSpending#spent})
     */
    public record Look(int rounds, State state, List<PairResult> pairs, double alphaSpentTotal) {
        public Look {
            pairs = List.copyOf(pairs);
        }
    }

    private final List<String> cells;
    private final List<PairTest> tests;
    private final WindowFigure figure;
    private final Plan plan;
    /** round -> cell -> its figure, null when the window's figure cannot be used. */
    private final TreeMap<Integer, Map<String, Double>> byRound = new TreeMap<>();
    /** The fraction of rounds at the last look that spent alpha; 0 before the first. */
    private double tPrevious;
    /** The last look that spent alpha; null before the first. */
    private Look last;

    /**
     * @param cells  the claim's cells, two or more, each once
     * @param tests  what the claim says of pairs of them, at least one; every cell named must be among {@code cells}
     * @param figure the figure of each window compared
     * @param plan   the rounds and error rate
     */
    public Trial(List<String> cells, List<PairTest> tests, WindowFigure figure, Plan plan) {
        this.cells = List.copyOf(cells);
        this.tests = List.copyOf(tests);
        this.figure = Objects.requireNonNull(figure, "figure");
        this.plan = Objects.requireNonNull(plan, "plan");
        if (this.cells.size() < 2 || new LinkedHashSet<>(this.cells).size() != this.cells.size()) {
            throw new IllegalArgumentException("a trial needs two or more distinct cells, not " + this.cells);
        }
        if (this.tests.isEmpty()) {
            throw new IllegalArgumentException("a trial needs at least one pair test");
        }
        for (PairTest t : this.tests) {
            if (!this.cells.contains(t.a()) || !this.cells.contains(t.b())) {
                throw new IllegalArgumentException("pair test " + t.a() + " / " + t.b() + " names a cell not among "
                        + this.cells);
            }
        }
    }

    /**
     * The cells in the order to measure them in a round: a fresh shuffle by {@code random} at every call, so the
     * order varies from round to round and follows the generator's seed (the round's number does not enter it).
     */
    public List<String> order(int round, RandomGenerator random) {
        List<String> order = new ArrayList<>(cells);
        Collections.shuffle(order, random);
        return Collections.unmodifiableList(order);
    }

    /**
     * Records a measured window. A window whose figure is missing, not finite or not above 0 is kept as a gap: its
     * round does not count for the pairs of its cell.
     *
     * @throws IllegalArgumentException for a cell not in the trial, or a second window of a cell in one round
     */
    public void add(Window w) {
        if (!cells.contains(w.cell())) {
            throw new IllegalArgumentException("window of cell " + w.cell() + ", which is not among " + cells);
        }
        Map<String, Double> round = byRound.computeIfAbsent(w.round(), r -> new HashMap<>());
        if (round.containsKey(w.cell())) {
            throw new IllegalArgumentException("a second window of cell " + w.cell() + " in round " + w.round());
        }
        Double v = figure.of(w);
        round.put(w.cell(), v != null && RatioInterval.usable(v) ? v : null);
    }

    /** Rounds in which every cell has a window with a usable figure. */
    public int rounds() {
        int n = 0;
        for (Map<String, Double> round : byRound.values()) {
            if (cells.stream().allMatch(c -> round.get(c) != null)) {
                n++;
            }
        }
        return n;
    }

    /**
     * Looks at the windows so far. Before {@link Plan#minRounds} complete rounds, the look spends nothing: its
     * intervals are at alpha 0 (unbounded, unless a spread of exactly 0 makes them a point) and it is OPEN. From then
     * on, at the rounds the plan looks at ({@link Plan#looksAt}), with {@code t = rounds / maxRounds} (at most 1), the
     * look spends
     * {@code AlphaSpending.atLook(alpha, tPrevious, t)}, divided among the pair tests, and remembers {@code t}. A look
     * with nothing new to spend (no round completed since the last, or the whole alpha spent) repeats the last look.
     */
    public Look look() {
        int r = rounds();
        if (r < plan.minRounds()) {
            List<PairResult> results = new ArrayList<>();
            for (PairTest test : tests) {
                results.add(new PairResult(test, interval(test, 0), PairTest.Outcome.OPEN));
            }
            return new Look(r, State.OPEN, results, 0);
        }
        double t = Math.min(1, (double) r / plan.maxRounds());
        if (last != null && (t <= tPrevious || !plan.looksAt(r))) {
            return last;
        }
        double perPair = AlphaSpending.atLook(plan.alpha(), tPrevious, t) / tests.size();
        tPrevious = t;
        List<PairResult> results = new ArrayList<>();
        for (PairTest test : tests) {
            RatioInterval i = interval(test, perPair);
            results.add(new PairResult(test, i, test.test(i)));
        }
        last = new Look(r, state(results), results, AlphaSpending.spent(plan.alpha(), t));
        return last;
    }

    /**
     * True when the trial should stop: {@code look} decided at or after minRounds, {@link #futile}, or maxRounds rounds
     * are done.
     */
    public boolean done(Look look) {
        return (look.rounds() >= plan.minRounds() && look.state() != State.OPEN) || futile(look)
                || rounds() >= plan.maxRounds();
    }

    /**
     * True when an open look cannot be expected to decide within the plan: from {@link Plan#FUTILITY_FROM} of the
     * planned rounds on (and not before minRounds), every open pair would need more than {@link Plan#futility} times
     * the planned rounds to exclude its range's nearer end at the noise its interval shows
     * ({@link RatioInterval#roundsToExclude}). Such a pair's ratio sits on its threshold (an A/A pair tested for
     * "faster", or a 3 % margin on a 3 % difference), and spending the rest of the budget would buy nothing but time.
     * Stopping early only ever gives up a verdict, never makes one, so the error rate is untouched. What it costs and
     * saves, in TrialTest-like simulations (200 trials each, window noise 0.10, machine drift, 10 to 60 rounds, factor
     * 4): an A/A pair tested for "faster" ran 29 rounds on average instead of 58.5, wrongly decided in 5 trials against
     * 9; a true 4 % difference was found in 57 trials against 61 without it (33.5 rounds on average against 57), a 3 %
     * one in 31 against 31.
     */
    public boolean futile(Look look) {
        if (plan.futility() <= 0 || look.state() != State.OPEN || look.rounds() < plan.minRounds()
                || look.rounds() < Math.ceil(plan.maxRounds() * Plan.FUTILITY_FROM) || look.rounds() >= plan.maxRounds()) {
            return false;
        }
        for (PairResult p : look.pairs()) {
            if (p.outcome() != PairTest.Outcome.OPEN) {
                continue;
            }
            double needed = p.interval().roundsToExclude(p.test().nearestEnd(p.interval().ratio()));
            if (!(needed > plan.futility() * plan.maxRounds())) {
                return false;
            }
        }
        return true;
    }

    /**
     * The look to report once the trial has ended: each pair's interval at the whole {@code alpha / pairs}, over all
     * windows recorded, with the state, the pairs' outcomes and the alpha spent kept from the last sequential look
     * (OPEN, with nothing spent, when there was none).
     *
     * <p>Why the two differ: the interval a reader would recompute from the windows is the plain one, at the claim's
     * alpha, and that is the one reported. The decision could not use it, as it was taken at one of many looks; it
     * used the alpha that look could spend, always at most the whole alpha, so its interval was as wide or wider.
     * The reported interval may therefore lie inside a claim's range while the state stayed OPEN, never the other way
     * round: the verdict is never less conservative than its interval suggests.
     */
    public Look finalLook() {
        double whole = plan.alpha() / tests.size();
        List<PairResult> results = new ArrayList<>();
        for (int i = 0; i < tests.size(); i++) {
            PairTest test = tests.get(i);
            PairTest.Outcome outcome = last == null ? PairTest.Outcome.OPEN : last.pairs().get(i).outcome();
            results.add(new PairResult(test, interval(test, whole), outcome));
        }
        return new Look(rounds(), last == null ? State.OPEN : last.state(), results,
                last == null ? 0 : last.alphaSpentTotal());
    }

    /**
     * The verdict a runner reached with these windows, recomputed (from a {@code results.json}, say): the windows are
     * replayed round by round through a new trial, with a look after each round, until {@link #done}; the last look is
     * returned. Windows after the stop are left out, as the runner would not have measured them.
     */
    public static Look recompute(List<String> cells, List<PairTest> tests, WindowFigure figure, Plan plan,
                                 List<Window> windows) {
        return replay(cells, tests, figure, plan, windows).look();
    }

    /**
     * The trial as {@link #recompute} leaves it, for a report that wants {@link #finalLook()} too; its
     * {@link #look()} repeats the last look of the replay.
     */
    public static Trial replay(List<String> cells, List<PairTest> tests, WindowFigure figure, Plan plan,
                               List<Window> windows) {
        Trial trial = new Trial(cells, tests, figure, plan);
        TreeMap<Integer, List<Window>> rounds = new TreeMap<>();
        for (Window w : windows) {
            rounds.computeIfAbsent(w.round(), r -> new ArrayList<>()).add(w);
        }
        for (List<Window> round : rounds.values()) {
            round.forEach(trial::add);
            if (trial.done(trial.look())) {
                break;
            }
        }
        return trial;
    }

    /** The interval of a test's ratio over the rounds in which both of its cells have a usable figure. */
    private RatioInterval interval(PairTest test, double alpha) {
        List<double[]> pairs = new ArrayList<>();
        for (Map<String, Double> round : byRound.values()) {
            Double a = round.get(test.a());
            Double b = round.get(test.b());
            if (a != null && b != null) {
                pairs.add(new double[]{a, b});
            }
        }
        double[] a = new double[pairs.size()];
        double[] b = new double[pairs.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = pairs.get(i)[0];
            b[i] = pairs.get(i)[1];
        }
        return RatioInterval.of(a, b, alpha);
    }

    private static State state(List<PairResult> results) {
        if (results.stream().anyMatch(p -> p.outcome() == PairTest.Outcome.FAILS)) {
            return State.FAILS;
        }
        if (results.stream().allMatch(p -> p.outcome() == PairTest.Outcome.HOLDS)) {
            return State.HOLDS;
        }
        return State.OPEN;
    }
}
