#!/usr/bin/env bash
# How well the lab decides on this machine: runs suites/decide-calibrate.yaml N times (default 10) and counts, over the
# tries, the verdicts against their known truths:
#   - A/A "within 5 %": confirmed (right), and how long its trial took;
#   - A/A ">" (the first copy faster): confirmed or contradicted would be a false "different" (the goal: at most 1 in 10);
#   - 5 % more per-request work: confirmed (right, in the right direction), and how long its trial took;
#   - from the A/A trials' windows, the smallest difference this machine decides in 1, 2, 5 and 10 minutes.
# Usage: bench/decide-power.sh [--method alternate|duet] [N >= 1] [extra fluxlab run arguments, e.g. --set decide_max=5m]
#   --method: how the trials load the cells in a round (the suite's decide_method; default: the suite's own, alternate):
#   run it once with each to see which decides sooner here with no more false alarms (docs/suites.md "Duet").
# Run it with nothing else on the machine: other work shares the cores with the targets (each run records the cores
# others took). The runs go to results/decide-power-<time>/try-K; the summary is printed at the end.
set -euo pipefail
root=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
method=
given=
case "${1:-}" in
  --method) [ $# -ge 2 ] || { echo "decide-power.sh: --method takes alternate or duet" >&2; exit 2; }
            method=$2; given=1; shift 2 ;;
  --method=*) method=${1#--method=}; given=1; shift ;;
esac
if [ -n "$given" ]; then
  case "$method" in
    alternate|duet) ;;
    *) echo "decide-power.sh: --method takes alternate or duet, not '$method'" >&2; exit 2 ;;
  esac
fi
n=${1:-10}
shift || true
case "$n" in ''|*[!0-9]*|0*) echo "decide-power.sh: N must be a whole number of tries, 1 or more, not '$n'" >&2; exit 2 ;; esac
for a in "$@"; do
  case "$a" in
    --method|--method=*) echo "decide-power.sh: give --method first, before N (bench/decide-power.sh --method duet $n)" >&2
                         exit 2 ;;
  esac
done
command -v python3 >/dev/null || { echo "decide-power.sh: needs python3 to read results.json (apt-get install python3)" >&2; exit 3; }
out="$root/results/decide-power-${method:+$method-}$(date +%Y%m%d-%H%M%S)"
mkdir -p "$out"
for k in $(seq 1 "$n"); do
  echo "decide-power: try $k of $n -> $out/try-$k" >&2
  "$root/fluxlab" run "$root/suites/decide-calibrate.yaml" --out "$out/try-$k" ${method:+--set decide_method=$method} \
    "$@" >"$out/try-$k.log" 2>&1 || {
    echo "decide-power: try $k failed (exit $?); see $out/try-$k.log" >&2; }
done
python3 - "$out" <<'EOF'
import json, sys, pathlib
out = pathlib.Path(sys.argv[1])
rows = []
for d in sorted(out.glob("try-*/results.json")):
    r = json.loads(d.read_text())
    trials = {t["claim"]: t for t in r.get("trials") or []}
    for c in r.get("claims") or []:
        t = trials.get(c["claim"], {})
        iv = (c.get("intervals") or [{}])[0]
        rows.append((d.parent.name, c["claim"], c["verdict"], t.get("seconds"), iv.get("ratio"), iv.get("low"), iv.get("high")))
print(f"{'try':8} {'claim':62} {'verdict':13} {'trial s':>8} {'ratio':>7} {'interval':>17}")
for k, claim, v, s, ratio, lo, hi in rows:
    s = f"{s:8.0f}" if s is not None else f"{'-':>8}"
    iv = f"[{lo:.3f}, {hi:.3f}]" if lo is not None and hi is not None and hi != float("inf") else "-"
    print(f"{k:8} {claim[:62]:62} {v:13} {s} {ratio if ratio is None else round(ratio, 3)!s:>7} {iv:>17}")
def count(pred, claim):
    sel = [r for r in rows if r[1].startswith(claim)]
    return sum(1 for r in sel if pred(r)), len(sel)
aa_w = count(lambda r: r[2] == "confirmed", "A/A: the same target twice")
aa_d = count(lambda r: r[2] in ("confirmed", "contradicted"), "A/A: the first copy")
eff = count(lambda r: r[2] == "confirmed", "5 % more")
print(f"A/A within 5 % confirmed: {aa_w[0]} of {aa_w[1]}")
print(f"A/A called different (false alarms): {aa_d[0]} of {aa_d[1]}")
print(f"known 5 % effect found, right direction: {eff[0]} of {eff[1]}")
# The smallest effect this machine decides in T minutes, from the A/A trials' own windows: the spread of a round's
# log ratio base/twin (sd) and the seconds a round of two cells takes (two windows one after the other when
# alternated, one under duet, whose cells run together); one look at 95 % with 90 % power needs
# (1.96 + 1.28) * sd / sqrt(rounds) on the log scale. The sequential test spends its error rate over several looks,
# so it needs roughly a fifth more: read the figures as a floor.
import math, statistics
sds, round_s, methods = [], [], set()
for d in sorted(out.glob("try-*/results.json")):
    r = json.loads(d.read_text())
    for t in r.get("trials") or []:
        if not t["claim"].startswith("A/A: the same target twice") or not t.get("windows"):
            continue
        by = {}
        for w in t["windows"]:
            by.setdefault(w["round"], {})[w["cell"]] = w["rps"]
        cells = t["cells"]
        logs = [math.log(v[cells[0]] / v[cells[1]]) for v in by.values()
                if len(v) == 2 and all(v.get(c, 0) > 0 for c in cells)]
        if len(logs) >= 3:
            sds.append(statistics.stdev(logs))
            method = t.get("method") or "alternate"
            methods.add(method)
            windows = 1 if method == "duet" else 2
            round_s.append(windows * (t["window_seconds"] + t["settle_seconds"] + 0.3))
if sds:
    sd, per_round = statistics.median(sds), statistics.median(round_s)
    print(f"A/A round-to-round spread of log(base/twin): {sd:.3f} (median of {len(sds)} trials, method "
          f"{', '.join(sorted(methods))}); a round of two cells: {per_round:.1f} s")
    for minutes in (1, 2, 5, 10):
        rounds = minutes * 60 / per_round
        print(f"  smallest difference decided in {minutes:2d} min (90 % power, a floor): about "
              f"{(math.exp(3.24 * sd / math.sqrt(rounds)) - 1) * 100:.1f} %")
EOF
