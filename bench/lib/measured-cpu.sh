# shellcheck shell=bash disable=SC2034,SC2154  # caller-set inputs (work, dur, warm) and outputs (fm_*)
# Sourced by the bench scripts (bench/injector-efficiency.sh, bench/injector-open-model.sh): fluxlab's injector's user
# and system CPU over its measured phase only, read from /proc/PID/stat at the phase's two ends.
#
# Why: the injector's document gives one figure, injector_cpu_s (user + system, the JVM's process CPU clock over the
# measured phase). The kernel's share of it (loopback TCP, wake-ups) is the floor no user-space work removes, so the
# benches print the two apart, as /usr/bin/time gives them for the native peers. /usr/bin/time over fluxlab's whole run
# would count its JVM start, warm-up and JIT too, which the measured phase leaves out.
#
# How: `fluxlab load --measure-gate FILE` prints `fluxlab-gate-waiting` when its warm-up is over and keeps loading
# (unrecorded) until FILE exists; `--progress machine` prints `fluxlab-progress phase=end` the moment the measured phase
# is over, before the injector collects its figures. The reading at the gate is taken just before the gate is opened
# (the injector polls for it every millisecond), the one at the end just after the end line is seen (polled every
# 10 ms in the phase's last second): each end may add up to ~10 ms of the injector's warm-up or collection to the
# window, next to seconds of CPU in it (more when a loaded machine delays the polls). So the total stays the JVM's own
# reading at the phase's exact ends (injector_cpu_s), and /proc gives only its split: fm_split scales the two /proc
# figures to that total. /proc counts in clock ticks (getconf CLK_TCK, 100 on Linux: 10 ms).
#
# The caller sets: work (a scratch folder), dur and warm (seconds, the runs' bounds derive from them), and optionally
# fm_kernel_events (below) to count the injector's kernel entries over its measured phase too, and fm_sched_probe
# (sched_probe_check) to measure the machine's wake-up floor over the same seconds ($work/LABEL.sched, fm_steal0/1).

# Kernel entries, counted by `perf stat` (software events and tracepoints, which a VM without hardware counters still
# has; tracepoints need root or kernel.perf_event_paranoid <= -1): every system call and every context switch of the
# process and its threads. They say what the kernel's share of an injector's CPU is made of (a send and a receive per
# request is the least an HTTP/1.1 request costs; the rest are wake-ups). kernel_events_check sets
# fm_kernel_events to the perf event list, or leaves it empty and sets fm_kernel_why to the reason.
kernel_events_check() {
  fm_kernel_events="" fm_kernel_why=""
  if ! command -v perf >/dev/null 2>&1; then
    fm_kernel_why="perf is missing (apt-get install linux-perf)"
  elif ! perf stat -x, -e raw_syscalls:sys_enter,context-switches -o /dev/null -- true >/dev/null 2>&1; then
    fm_kernel_why="perf may not count system calls here (run as root, or sysctl kernel.perf_event_paranoid=-1)"
  else
    fm_kernel_events="raw_syscalls:sys_enter,context-switches"
  fi
}

# kernel_counts FILE REQUESTS: "SYSCALLS_PER_REQUEST CTXSW_PER_REQUEST" from a `perf stat -x,` output file, or "n/a n/a"
kernel_counts() {
  python3 - "$1" "$2" <<'PY'
import sys
counts = {}
try:
    for line in open(sys.argv[1]):
        f = line.strip().split(",")
        if len(f) > 2 and f[0].strip().isdigit():
            counts[f[2]] = int(f[0])
except OSError:
    pass
n = float(sys.argv[2])
sc, cs = counts.get("raw_syscalls:sys_enter"), counts.get("context-switches")
print(("%.2f" % (sc / n)) if sc is not None and n > 0 else "n/a", ("%.2f" % (cs / n)) if cs is not None and n > 0 else "n/a")
PY
}

# The machine's own wake-up floor, measured beside fluxlab's measured phase: how often a sleeping thread of ordinary
# priority wakes more than 1 ms after its deadline. `cyclictest` (Debian's rt-tests, a well-kept tool made for this
# question) sleeps one SCHED_OTHER thread (--policy=other: with a histogram it would default to real-time priority) to
# absolute deadlines 1 ms apart (clock_nanosleep) and counts how late each wake-up ran; a histogram bucket per
# microsecond up to 1 ms, the rest counted as overflows. --default-system leaves the machine as it is (cyclictest would
# otherwise hold /dev/cpu_dma_latency at 0 while it runs, which would change the injector's wake-ups too). An open-model send is due
# at a deadline too: the injector's loop sleeps to it (a timer) and sends when it runs, so a wake-up the machine delays by
# more than 1 ms makes every send due in it late, whatever the injector does. It also reads the CPU time the hypervisor
# took (steal, /proc/stat) over the same seconds. The probe costs about 1,000 short wake-ups a second.
# sched_probe_check sets fm_sched_probe to cyclictest's path, or leaves it empty and sets fm_sched_why to the reason.
sched_probe_check() {
  fm_sched_probe="" fm_sched_why=""
  if ! command -v cyclictest >/dev/null 2>&1; then
    fm_sched_why="cyclictest is missing (apt-get install rt-tests)"
  else
    fm_sched_probe=$(command -v cyclictest)
  fi
}

# the machine's CPU ticks so far: "STEAL TOTAL" from /proc/stat's cpu line (user nice system idle iowait irq softirq steal)
cpu_steal_ticks() {
  awk '$1 == "cpu" { t = 0; for (i = 2; i <= 9; i++) t += $i; print $9, t; exit }' /proc/stat
}

# sched_counts FILE STEAL0 STEAL1: "LATE WAKEUPS LATE_PCT MAX_US STEAL_PCT" from a cyclictest -q -h output FILE and two
# cpu_steal_ticks readings, or "n/a n/a n/a n/a STEAL_PCT" when FILE holds no histogram
sched_counts() {
  python3 - "$1" "$2" "$3" <<'PY'
import re, sys
total = over = mx = None
try:
    for line in open(sys.argv[1]):
        m = re.match(r"#\s*Total:\s*(\d+)", line)
        if m: total = int(m.group(1))
        m = re.match(r"#\s*Histogram Overflows:\s*(\d+)", line)
        if m: over = int(m.group(1))
        m = re.match(r"#\s*Max Latencies:\s*(\d+)", line)
        if m: mx = int(m.group(1))
except OSError:
    pass
s0, t0 = map(int, sys.argv[2].split()); s1, t1 = map(int, sys.argv[3].split())
steal = "%.2f" % (100.0 * (s1 - s0) / (t1 - t0)) if t1 > t0 else "n/a"
if total and over is not None:
    print(over, total, "%.3f" % (100.0 * over / total), mx if mx is not None else "n/a", steal)
else:
    print("n/a n/a n/a n/a", steal)
PY
}

clk_tck=$(getconf CLK_TCK)

# utime and stime of process $1 in clock ticks ("U S"); fields 14 and 15 of /proc/PID/stat, counted after the ')' that
# closes the command name, which may itself hold spaces or parentheses
proc_ticks() {
  local stat
  stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
  stat=${stat##*) }
  # shellcheck disable=SC2086
  set -- $stat
  echo "${12} ${13}"
}

# waits until file $1 holds a line matching the extended regex $2, process $3 lives and $4 seconds have not passed;
# polled every 10 ms. Returns 1 on timeout or when the process exited.
await_line() {
  local file=$1 pattern=$2 pid=$3 limit=$4 i
  for ((i = 0; i < limit * 100; i++)); do
    grep -Eq "$pattern" "$file" 2>/dev/null && return 0
    kill -0 "$pid" 2>/dev/null || { grep -Eq "$pattern" "$file" 2>/dev/null; return; }
    sleep 0.01
  done
  return 1
}

# stop process $1 (started by the caller): TERM, up to 5 s, then KILL
stop_pid() {
  local pid=$1 i
  kill -0 "$pid" 2>/dev/null || return 0
  kill "$pid" 2>/dev/null || true
  for i in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -9 "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}

# fluxlab_measured_run LABEL LOAD-ARGS...: runs `./fluxlab load LOAD-ARGS -d ${dur}s --warmup ${warm}s`, writing
# $work/LABEL.json (the document) and $work/LABEL.txt (its output), and sets fm_user and fm_sys: the injector's user and
# system CPU seconds over the measured phase, from /proc. Exits the calling script (status 1) when the run fails or
# does not reach a phase within its bound, after stopping it. fm_pid holds the run's PID while it runs, for the caller's
# exit trap.
fluxlab_measured_run() {
  local label=$1; shift
  local gate="$work/$label.gate" out="$work/$label.txt" pid t0 t1 rc i
  rm -f "$gate"
  ./fluxlab load "$@" -d "${dur}s" --warmup "${warm}s" --progress machine --measure-gate "$gate" \
    --json "$work/$label.json" >"$out" 2>&1 &
  pid=$!; fm_pid=$pid
  # the launcher execs the JVM, so $pid is the injector's JVM once it runs (the JVM start fits in the bound)
  if ! await_line "$out" '^fluxlab-gate-waiting' "$pid" $((warm + 120)); then
    stop_pid "$pid"; echo "bench: fluxlab '$label' did not finish its warm-up (output below):" >&2; tail -20 "$out" >&2; exit 1
  fi
  t0=$(proc_ticks "$pid") || { stop_pid "$pid"; echo "bench: cannot read /proc/$pid/stat" >&2; exit 1; }
  fm_steal0=$(cpu_steal_ticks) # read while the injector waits at the gate, as t0: no process start in the phase
  : >"$gate"
  fm_perf_pid=""
  if [ -n "${fm_kernel_events:-}" ]; then # the measured phase's kernel entries: dur seconds from the gate
    perf stat -x, -e "$fm_kernel_events" -o "$work/$label.perf" -p "$pid" -- sleep "$dur" >/dev/null 2>&1 &
    fm_perf_pid=$!
  fi
  fm_sched_pid=""
  if [ -n "${fm_sched_probe:-}" ]; then # the machine's wake-up floor over the same seconds (sched_probe_check)
    "$fm_sched_probe" -q -t1 -p0 --policy=other --default-system -i 1000 -h 1000 -D "$dur" >"$work/$label.sched" 2>&1 &
    fm_sched_pid=$!
  fi
  # the measured phase itself is watched twice a second, not every 10 ms: the polls' own process starts would take
  # CPU from the injector and the server on a small machine; the 10 ms polls resume for its last second
  for ((i = 0; i < (dur - 1) * 2; i++)); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
  if ! await_line "$out" '^fluxlab-progress phase=end' "$pid" $((dur + 60)); then
    stop_pid "$pid"; echo "bench: fluxlab '$label' did not end its measured phase (output below):" >&2; tail -20 "$out" >&2; exit 1
  fi
  t1=$(proc_ticks "$pid") || t1=""
  fm_steal1=$(cpu_steal_ticks)
  [ -z "$fm_perf_pid" ] || wait "$fm_perf_pid" 2>/dev/null || true
  [ -z "$fm_sched_pid" ] || wait "$fm_sched_pid" 2>/dev/null || true
  fm_sched_pid=""
  rc=0
  wait "$pid" || rc=$?
  fm_pid=""
  if [ "$rc" != 0 ] || [ -z "$t1" ]; then
    echo "bench: fluxlab '$label' failed (exit $rc; output below):" >&2; tail -20 "$out" >&2; exit 1
  fi
  read -r fm_user fm_sys <<<"$(awk -v a="$t0" -v b="$t1" -v hz="$clk_tck" 'BEGIN {
      split(a, s, " "); split(b, e, " "); printf "%.2f %.2f", (e[1] - s[1]) / hz, (e[2] - s[2]) / hz }')"
}

# fm_split TOTAL: scales fm_user and fm_sys (from /proc) so they add up to TOTAL, the document's injector_cpu_s (the
# JVM's own CPU clock at the phase's exact ends), keeping their proportion; both 0 when /proc read nothing
fm_split() {
  read -r fm_user fm_sys <<<"$(awk -v t="$1" -v u="$fm_user" -v s="$fm_sys" 'BEGIN {
      if (u + s > 0) printf "%.2f %.2f", t * u / (u + s), t - t * u / (u + s); else printf "0 0" }')"
}
