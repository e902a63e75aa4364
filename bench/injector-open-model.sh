#!/usr/bin/env bash
# The open model against open-model peers at equal load: fluxlab's injector (`--rate`), Vegeta and oha (`-q`) at the
# same request rate and connections, HTTP/1.1 on loopback against one warm server, at each rate in turn.
# Each rate's row gives, per injector: requests completed (status 200), its CPU (user and system apart), requests per
# CPU-second, fluxlab/peer of that, sends more than 1 ms after their intended time, and whether the injector's latency
# counts from the intended send time (coordinated omission) - from their sources, declared once below - and, where perf
# may count them (root), system calls and context switches per request, with each peer's ceiling: the most fluxlab/peer
# could be with the peer's kernel entries and no user-space work at all (bench/lib/measured-cpu.sh), and, where
# cyclictest is installed (apt-get install rt-tests), the machine's wake-up floor over fluxlab's measured phase: how
# often a sleeping thread woke more than 1 ms after its deadline, against which fluxlab's late sends are read.
# CPU: fluxlab over its measured phase (its document's injector_cpu_s, split into user and system as /proc/PID/stat
# saw that phase: bench/lib/measured-cpu.sh; its JVM start and warm-up are outside); a peer by /usr/bin/time over its whole run (start and connection set-up included, which
# a native tool makes in milliseconds). Each peer runs once before and once after fluxlab and its better run counts, so
# server warm-up drift favours the peers.
#
# usage: bench/injector-open-model.sh [options]
#   --rates LIST       request rates, comma-separated (default 5000,20000,50000)
#   -c N               connections of every injector (default 64)
#   --peers LIST       peers, comma-separated: vegeta, oha (default both; a missing one is an error naming its install)
#   --open-threads N   fluxlab's event loops (default: fluxlab's own, one per 40k req/s of the rate)
#   -d SECONDS         each run's measured duration (default 15)
#   -w SECONDS         fluxlab's warm-up and the server's (wrk) warm-up (default 15)
#   --server-cmd CMD   command starting the server; it must print 'fluxlab-ready port=N' on stdout. Default (or
#                      $FLUXLAB_BENCH_SERVER_CMD): ./fluxlab serve reactor-netty --protocol http1.1 --port 0
# Peers: Vegeta from `go install github.com/tsenart/vegeta/v12@v12.13.0` (found on PATH, else in $(go env GOPATH)/bin;
# $VEGETA overrides), run as `vegeta attack -rate=R/s -duration=Ds -connections=C -max-connections=C` (GOMAXPROCS =
# the machine's cores); oha (https://github.com/hatoo/oha, $OHA overrides) as `oha --no-tui -z Ds -c C -q R
# --latency-correction` (tokio worker threads = the machine's cores). Vegeta's late sends are computed from its own
# results (each hit's timestamp against its pacer's schedule, began + seq / rate); oha writes no per-request send times.
# About (3 + 4 * d + w + 5) s per rate with two peers, plus w once for the server: ~5 min with the defaults.
# The figures are only as good as the machine was quiet: the load average before and after is printed with them.
set -euo pipefail
cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.."
# shellcheck source=bench/lib/measured-cpu.sh
. bench/lib/measured-cpu.sh

server_cmd=${FLUXLAB_BENCH_SERVER_CMD:-"./fluxlab serve reactor-netty --protocol http1.1 --port 0"}
rates="5000,20000,50000"; c=64; peers="vegeta,oha"; open_threads=""; dur=15; warm=15
while [ $# -gt 0 ]; do
  case "$1" in
    --rates) rates=$2; shift 2 ;;
    -c) c=$2; shift 2 ;;
    --peers) peers=$2; shift 2 ;;
    --open-threads) open_threads=$2; shift 2 ;;
    -d) dur=$2; shift 2 ;;
    -w) warm=$2; shift 2 ;;
    --server-cmd) server_cmd=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d'; exit 0 ;;
    *) echo "injector-open-model: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done
whole() { [[ "$2" =~ ^[0-9]+$ ]] && [ "$2" -ge "$3" ] || { echo "injector-open-model: $1 takes a whole number >= $3, not '$2'" >&2; exit 2; }; }
whole -c "$c" 1; whole -d "$dur" 1; whole -w "$warm" 1
[ -z "$open_threads" ] || whole --open-threads "$open_threads" 1
for r in ${rates//,/ }; do whole "--rates (each)" "$r" 1; done
[ -n "${rates//,/}" ] || { echo "injector-open-model: --rates needs at least one rate" >&2; exit 2; }

vegeta_bin=${VEGETA:-$(command -v vegeta || echo "$(go env GOPATH 2>/dev/null || echo "$HOME/go")/bin/vegeta")}
oha_bin=${OHA:-$(command -v oha || true)}
for p in ${peers//,/ }; do
  case "$p" in
    vegeta) [ -x "$vegeta_bin" ] || { echo "injector-open-model: vegeta is missing (go install github.com/tsenart/vegeta/v12@v12.13.0, or VEGETA=path; --peers oha leaves it out)" >&2; exit 2; } ;;
    oha) [ -n "$oha_bin" ] && [ -x "$oha_bin" ] || { echo "injector-open-model: oha is missing (cargo install oha, or OHA=path; --peers vegeta leaves it out)" >&2; exit 2; } ;;
    *) echo "injector-open-model: --peers takes vegeta, oha (comma-separated), not '$p'" >&2; exit 2 ;;
  esac
done
[ -n "${peers//,/}" ] || { echo "injector-open-model: --peers needs at least one peer" >&2; exit 2; }
for tool in wrk /usr/bin/time python3; do
  command -v "$tool" >/dev/null || { echo "injector-open-model: $tool is missing (apt-get install wrk time python3)" >&2; exit 2; }
done

# Whether each injector's latency counts from the request's intended send time (the open model's schedule), so that a
# send the injector itself held back shows in its latency. Read from their sources; one place.
declare -A from_intended=(
  [fluxlab]="yes: from the schedule's intended time (SendSchedule; corrected histogram)"
  [vegeta]="no: from when a worker takes the pacer's tick (lib/attack.go hit()); a late pacer is not counted, waiting for a connection is"
  [oha]="partly, with --latency-correction: from when its pacer woke (tokio timer, ms steps), not the intended time; waiting for a connection is counted"
)

export FLUXLAB_JAVA_OPTS="${FLUXLAB_JAVA_OPTS:---enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow}"
work=$(mktemp -d)
server_pid=""
trap '[ -z "$server_pid" ] || stop_pid "$server_pid"; [ -z "${fm_pid:-}" ] || stop_pid "$fm_pid"
      [ -z "${fm_perf_pid:-}" ] || stop_pid "$fm_perf_pid"; [ -z "${fm_sched_pid:-}" ] || stop_pid "$fm_sched_pid"
      rm -rf "$work"' EXIT
kernel_events_check # sets fm_kernel_events (perf's event list) or fm_kernel_why
sched_probe_check   # sets fm_sched_probe (cyclictest) or fm_sched_why

load_avg() { cut -d' ' -f1-3 /proc/loadavg; }
load_before=$(load_avg)
./fluxlab --version >/dev/null # build once (and train the injector's AOT cache), outside any measurement

set -f # split the server command into words, never glob
# shellcheck disable=SC2086
setsid $server_cmd >"$work/server.out" 2>"$work/server.err" &
server_pid=$!
set +f
port=""
for _ in $(seq 600); do
  port=$(grep -a -o -m1 '^fluxlab-ready port=[0-9]*' "$work/server.out" 2>/dev/null | cut -d= -f2 || true)
  [ -n "$port" ] && break
  kill -0 "$server_pid" 2>/dev/null || { echo "injector-open-model: the server exited:"; tail -5 "$work/server.err"; exit 1; } >&2
  sleep 0.1
done
[ -n "$port" ] || { echo "injector-open-model: the server printed no readiness line within 60 s" >&2; exit 1; }
url="http://127.0.0.1:$port/plaintext"
wrk -t 2 -c "$c" -d "${warm}s" "$url" >/dev/null 2>&1 # the server's warm-up (JIT, pools), not measured

# one peer run: $1 peer, $2 rate, $3 label -> sets p_req p_user p_sys p_rps p_p99 p_late
peer_run() {
  local peer=$1 rate=$2 label=$3 out="$work/$3"
  case "$peer" in
    vegeta)
      echo "GET $url" | kernel_wrap "$out.perf" /usr/bin/time -f '%U %S' -o "$out.time" "$vegeta_bin" attack -rate="$rate/s" \
        -duration="${dur}s" -connections="$c" -max-connections="$c" -output "$out.bin" 2>"$out.err" \
        || { echo "injector-open-model: vegeta failed:" >&2; tail -5 "$out.err" >&2; exit 1; }
      "$vegeta_bin" report -type=json "$out.bin" >"$out.json"
      "$vegeta_bin" encode -to csv "$out.bin" >"$out.csv"
      read -r p_req p_rps p_p99 p_late <<<"$(python3 - "$out.json" "$out.csv" "$rate" <<'PY'
import csv, json, sys
d = json.load(open(sys.argv[1]))
rate = float(sys.argv[3])
ok = int(d.get("status_codes", {}).get("200", 0))
# late: a hit whose timestamp is more than 1 ms after its pacer's schedule, began + seq / rate (began ~ seq 0's hit)
rows = [(int(r[8]), int(r[0])) for r in csv.reader(open(sys.argv[2]))]
late = 0
if rows:
    t0 = min(ts for seq, ts in rows if seq == 0) if any(seq == 0 for seq, _ in rows) else min(ts for _, ts in rows)
    late = sum(1 for seq, ts in rows if ts - (t0 + seq * 1e9 / rate) > 1e6)
print(ok, "%.0f" % d["throughput"], "%.2f" % (d["latencies"]["99th"] / 1e6), late)
PY
)"
      rm -f "$out.csv" ;;
    oha)
      kernel_wrap "$out.perf" /usr/bin/time -f '%U %S' -o "$out.time" "$oha_bin" --no-tui -z "${dur}s" -c "$c" -q "$rate" --latency-correction \
        --output-format json -o "$out.json" "$url" >"$out.err" 2>&1 \
        || { echo "injector-open-model: oha failed:" >&2; tail -5 "$out.err" >&2; exit 1; }
      read -r p_req p_rps p_p99 <<<"$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1])); ok = int(d.get("statusCodeDistribution", {}).get("200", 0))
print(ok, "%.0f" % (ok / d["summary"]["total"]), "%.2f" % (d["latencyPercentiles"]["p99"] * 1e3))' "$out.json")"
      p_late="n/a" ;;
  esac
  read -r p_user p_sys <"$out.time"
  read -r p_sc p_cs <<<"$(kernel_counts "$out.perf" "$p_req")"
}

# kernel_wrap FILE COMMAND...: runs COMMAND under `perf stat` counting its kernel entries into FILE (whole run, its
# start included), or as it is when perf cannot count here
kernel_wrap() {
  local file=$1; shift
  if [ -n "$fm_kernel_events" ]; then perf stat -x, -e "$fm_kernel_events" -o "$file" -- "$@"; else "$@"; fi
}

per_cpu() { python3 -c "import sys; r,u,s=map(float,sys.argv[1:]); print('%.0f' % (r/(u+s)) if u+s else '0')" "$@"; }
ratio() { python3 -c "import sys; a,b=map(float,sys.argv[1:]); print('%.2f' % (a/b) if b else 'n/a')" "$1" "$2"; }

rows=(); summary=(); ceilings=(); floors=()
row() { rows+=("$(printf '%-7s %-8s %9s %7s %7s %7s %9s %7s %8s %9s %6s %6s  %s' "$@")"); }
for rate in ${rates//,/ }; do
  declare -A best_eff=() best_row=()
  for pass in 1 2 3; do
    if [ "$pass" = 2 ]; then
      # the JVM's GC pauses and safepoints, logged with wall-clock times to set them against the measured phase:
      # every send due during a pause longer than 1 ms leaves late
      FLUXLAB_JAVA_OPTS="$FLUXLAB_JAVA_OPTS -Xlog:gc,safepoint:file=$work/open$rate.gc:time" \
        fluxlab_measured_run "open$rate" "$url" -c "$c" --rate "$rate" ${open_threads:+--threads "$open_threads"}
      read -r f_req f_err f_rps f_late f_missed f_threads f_p99 f_dur f_cpu f_gc f_sp <<<"$(python3 - "$work/open$rate.json" "$work/open$rate.gc" <<'PY'
import datetime, json, re, sys
d = json.load(open(sys.argv[1]))
# GC pauses that ended in the measured phase: count, summed and longest milliseconds
start = d["measure_start_ms"] / 1e3
end = start + d["duration_s"]
n, total, longest = 0, 0.0, 0.0
def when(stamp):  # a -Xlog "time" decoration, e.g. 2026-12-07T22:05:26.415+0000, in epoch seconds
    return datetime.datetime.strptime(stamp, "%Y-%m-%dT%H:%M:%S.%f%z").timestamp()
line_re = re.compile(r"^\[(\S+)\].* Pause .* ([0-9.]+)ms$")
# safepoints (every stop of the Java threads, GC or not): those over 1 ms, their summed and longest milliseconds
sp_re = re.compile(r"^\[(\S+)\] Safepoint \".*, Total: (\d+) ns")
sn, stotal, slongest = 0, 0.0, 0.0
for line in open(sys.argv[2]):
    line = line.strip()
    m = line_re.match(line)
    if m:
        if start <= when(m.group(1)) <= end + 0.5:
            n += 1; ms = float(m.group(2)); total += ms; longest = max(longest, ms)
    m = sp_re.match(line)
    if m:
        ms = int(m.group(2)) / 1e6
        if start <= when(m.group(1)) <= end + 0.5 and ms > 1:
            sn += 1; stotal += ms; slongest = max(slongest, ms)
print(d["requests_ok"], sum(d["errors"].values()), "%.0f" % d["throughput_rps"], d["late_requests"], d["missed_requests"],
      d.get("threads", "?"), "%.2f" % d["latency_ms"]["corrected"]["p99"], d["duration_s"], "%.2f" % d["injector_cpu_s"],
      "%d/%.1f/%.1f" % (n, total, longest), "%d/%.1f/%.1f" % (sn, stotal, slongest))
PY
)"
      [ "$f_err" = 0 ] || echo "note: fluxlab counted $f_err errors at $rate req/s (see $work/open$rate.json)" >&2
      fm_split "$f_cpu"
      f_eff=$(per_cpu "$f_req" "$fm_user" "$fm_sys")
      # what the late sends waited for (the behind-schedule warning): a connection with a free slot, or the loop itself
      f_split=$(python3 -c '
import re, sys
m = re.search(r"\((\d+) waited for a connection with a free slot.*?; (\d+) waited for the loop itself", open(sys.argv[1]).read())
print("%s for a connection, %s for the loop" % m.groups() if m else "none")' "$work/open$rate.txt")
      f_late_pct=$(python3 -c "import sys; l,r,d=map(float,sys.argv[1:]); print('%.3f' % (100*l/(r*d)))" "$f_late" "$rate" "$f_dur")
      read -r s_late s_total s_pct s_max s_steal <<<"$(sched_counts "$work/open$rate.sched" "$fm_steal0" "$fm_steal1")"
      continue
    fi
    for p in ${peers//,/ }; do
      peer_run "$p" "$rate" "$p$rate-$pass"
      eff=$(per_cpu "$p_req" "$p_user" "$p_sys")
      if [ "$eff" -gt "${best_eff[$p]:-0}" ]; then
        best_eff[$p]=$eff
        best_row[$p]="$p_req $p_rps $p_user $p_sys $eff $p_p99 $p_late $p_sc $p_cs"
      fi
    done
  done
  cheapest=""; cheapest_eff=0
  for p in ${peers//,/ }; do
    read -r q rps u s eff p99 late sc cs <<<"${best_row[$p]}"
    row "$rate" "$p" "$q" "$rps" "$u" "$s" "$eff" "" "$late" "$p99" "$sc" "$cs" "${from_intended[$p]%%:*}"
    ceilings+=("$rate req/s: at most $(python3 -c "import sys; u,s=map(float,sys.argv[1:]); print('%.2f' % ((u+s)/s) if s else 'n/a')" "$u" "$s")x $p")
    if [ "$eff" -gt "$cheapest_eff" ]; then cheapest=$p; cheapest_eff=$eff; fi
  done
  ratios=""
  for p in ${peers//,/ }; do ratios+="${ratios:+ / }$(ratio "$f_eff" "${best_eff[$p]}")"; done
  read -r f_sc f_cs <<<"$(kernel_counts "$work/open$rate.perf" "$f_req")"
  row "$rate" fluxlab "$f_req" "$f_rps" "$fm_user" "$fm_sys" "$f_eff" "$ratios" "$f_late" "$f_p99" "$f_sc" "$f_cs" \
      "${from_intended[fluxlab]%%:*} ($f_threads event loop(s), missed $f_missed, late: $f_split, GC pauses ${f_gc} ms, safepoints over 1 ms ${f_sp} ms)"
  summary+=("$rate req/s: fluxlab/$cheapest $(ratio "$f_eff" "$cheapest_eff") (goal >= 2), fluxlab late $f_late = $f_late_pct % (goal < 0.05 %)")
  if [ -n "$fm_sched_probe" ]; then
    floors+=("$rate req/s: $s_late of $s_total wake-ups more than 1 ms late = $s_pct % (longest $s_max us); steal $s_steal % of the CPU time")
  else
    floors+=("$rate req/s: wake-ups not measured ($fm_sched_why); steal $s_steal % of the CPU time")
  fi
done

printf '%-7s %-8s %9s %7s %7s %7s %9s %7s %8s %9s %6s %6s  %s\n' rate injector requests req/s user_s sys_s req/cpu_s \
  ratio late "p99_ms" sc/req cs/req "latency from intended send time"
printf '%s\n' "${rows[@]}"
echo "ratio: fluxlab's requests per CPU-second over each peer's (in --peers order: ${peers//,/ \/ })"
printf '  %s\n' "${summary[@]}"
echo "late: sends more than 1 ms after their intended time (fluxlab: the document's late_requests, in its measured phase;"
echo " vegeta: each hit's timestamp against began + seq / rate; oha: n/a, no per-request send times in its output)."
echo "late: fluxlab's late sends split by what they waited for: a connection with a free slot (every connection busy:"
echo " the server's pace) or the loop itself (its thread ran late: the OS's scheduler, a GC pause)."
echo "GC pauses N/SUM/MAX ms: fluxlab's JVM's pauses that ended in its measured phase (-Xlog:gc); a pause over 1 ms makes"
echo " every send due during it late. Safepoints over 1 ms N/SUM/MAX: every stop of its Java threads (GC or not,"
echo " -Xlog:safepoint, time to reach it included) longer than 1 ms that ended in the phase."
echo "p99_ms: each tool's own p99, from where it starts its clock (last column); fluxlab's corrected one."
for p in fluxlab ${peers//,/ }; do echo "  $p: ${from_intended[$p]}"; done
if [ -n "$fm_kernel_events" ]; then
  echo "sc/req, cs/req: system calls and context switches per request answered (perf stat; fluxlab over its measured"
  echo " phase, a peer over its whole run). One send and one receive per request is the least HTTP/1.1 takes; the rest are"
  echo " wake-ups (epoll waits, timers, futexes)."
else
  echo "sc/req, cs/req: not counted: $fm_kernel_why"
fi
echo "wake-up floor: over fluxlab's measured phase, a sleeping thread of ordinary priority (cyclictest -t1 -p0 --policy=other -i 1000:"
echo " 1,000 deadlines a second) woke more than 1 ms after its deadline this often; fluxlab's loop sleeps to its sends'"
echo " deadlines the same way, so sends 'late for the loop' at about this share are the machine's (the OS's scheduler and"
echo " the hypervisor, whose steal is the CPU time it took from this VM), not the injector's:"
printf '  %s\n' "${floors[@]}"
echo "ceiling: the most fluxlab/peer could reach if fluxlab made the peer's kernel entries at the peer's system time and"
echo " spent nothing in user space, (peer user_s + sys_s) / peer sys_s; a goal above it needs fewer kernel entries per"
echo " request than the peer makes, not faster code:"
printf '  %s\n' "${ceilings[@]}"
echo "(HTTP/1.1, -c $c on loopback; ${dur}s per run; fluxlab: ${warm}s warm-up, CPU over its measured phase, split by /proc;"
echo " peers: /usr/bin/time over the whole run, better of a run before and one after fluxlab; CPU seconds in clock ticks;"
echo " load average before: $load_before, after: $(load_avg))"
