#!/usr/bin/env bash
# Pipelining cross-check: fluxlab's injector vs wrk (pipelining through a Lua script written here) against the same
# target, HTTP/1.1, same connections/threads/duration, at pipeline depth 1 and 16. wrk and fluxlab alternate
# (wrk, fluxlab, wrk, fluxlab, ...) so slow drifts of a shared machine hit both alike.
#
# usage: bench/pipeline-crosscheck.sh [options]
#   --targets "undertow netty"   fluxlab serve targets (each started here, stopped by PID)
#   --depths "1 16"              pipeline depths
#   -c N -t N                    connections, injector threads (default 128, 2)
#   -d SECONDS                   measured duration of each run (default 5)
#   -w SECONDS                   fluxlab warm-up per run; the target is warmed 2x this at each depth (default 2)
#   --rounds N                   alternations per depth (default 3)
# Prints one line per run: req/s, injector cores (CPU per wall second), injector and target CPU microseconds per
# response, and target read/write syscalls per response (the load shape the target sees; '-' when the target does
# its I/O through io_uring, which /proc/PID/io does not count). Then per target and depth: mean req/s of each tool,
# fluxlab/wrk of the means and the median of the per-round ratios, the cores the pair (target + injector) got, and
# fluxlab/wrk of the pair's CPU per response inverted (responses per pair CPU-second: the noise-robust comparison; when
# the pair gets well under the machine's cores, throughput tracks what the other jobs leave, not the injector).
# The target's CPU per response shows whether a difference comes from the load shape (how the target batches)
# rather than from the injector's speed: on a 2-core machine shared by target and injector, the target's CPU is
# what bounds throughput.
set -euo pipefail
cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.."

targets="undertow netty"; depths="1 16"; c=128; t=2; dur=5; warm=2; rounds=3
while [ $# -gt 0 ]; do
  case "$1" in
    --targets) targets=$2; shift 2 ;;
    --depths) depths=$2; shift 2 ;;
    -c) c=$2; shift 2 ;;
    -t) t=$2; shift 2 ;;
    -d) dur=$2; shift 2 ;;
    -w) warm=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    -h|--help) sed -n '2,21p' "$0"; exit 0 ;;
    *) echo "pipeline-crosscheck: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done
for tool in wrk /usr/bin/time python3; do
  command -v "$tool" >/dev/null || { echo "pipeline-crosscheck: $tool is missing (apt-get install wrk time python3)" >&2; exit 2; }
done
export JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
work=$(mktemp -d)
server_pid=""
stop_server() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$server_pid" 2>/dev/null || true
  fi
  server_pid=""
}
trap 'stop_server; rm -rf "$work"' EXIT

# wrk's pipelining: every request() call hands wrk one buffer holding `depth` GET requests; wrk counts the
# requests in it and writes the next buffer only when all of that buffer's responses have been read.
cat >"$work/pipeline.lua" <<'EOF'
local batch
init = function(args)
  local depth = tonumber(args[1] or "1")
  local one = wrk.format("GET", wrk.path)
  batch = string.rep(one, depth)
end
request = function()
  return batch
end
EOF

start_server() { # $1 target -> sets port, server_pid
  setsid ./fluxlab serve "$1" --port 0 >"$work/server.out" 2>"$work/server.err" &
  server_pid=$!
  port=""
  for _ in $(seq 600); do
    port=$(sed -n 's/.* port=\([0-9]*\).*/\1/p' "$work/server.out" | head -1)
    [ -n "$port" ] && break
    kill -0 "$server_pid" 2>/dev/null || { echo "pipeline-crosscheck: target $1 exited:"; tail -5 "$work/server.err"; exit 1; } >&2
    sleep 0.1
  done
  [ -n "$port" ] || { echo "pipeline-crosscheck: target $1 printed no readiness line within 60 s" >&2; exit 1; }
}

# CPU ticks (user+sys, all threads) of the target process, and its write syscalls so far (when readable)
server_ticks() { awk '{print $14 + $15}' "/proc/$server_pid/stat"; }
server_syscalls() { awk '/^sysc[rw]:/ {s+=$2} END {print s+0}' "/proc/$server_pid/io" 2>/dev/null || echo 0; }
hz=$(getconf CLK_TCK)

runs="$work/runs.tsv"
: >"$runs"
# one row: target depth tool round req/s injector_cores injector_us_per_resp target_us_per_resp target_syscalls_per_resp
record() {
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$@" >>"$runs"
  printf '%-9s m=%-3s %-8s #%s %9s req/s  injector %5s cores %5s us/resp  target %5s us/resp %5s syscalls/resp\n' "$@"
}
target_cost() { # $1 ticks delta $2 syscalls delta $3 responses -> "us_per_resp syscalls_per_resp"
  python3 -c "import sys; t,s,n=map(float,sys.argv[1:]); n=max(n,1); print('%.2f %s' % (t/$hz*1e6/n, '%.3f' % (s/n) if s/n > 0.01 else '-'))" "$@"
}
per() { python3 -c "import sys; a,b=map(float,sys.argv[1:]); print('%.2f' % (a/b) if b else 'n/a')" "$1" "$2"; }

wrk_run() { # $1 depth -> w_rps w_cores w_us w_total
  local args=(-t "$t" -c "$c" -d "${dur}s" --latency)
  [ "$1" -gt 1 ] && args+=(-s "$work/pipeline.lua" "$url" -- "$1") || args+=("$url")
  /usr/bin/time -f '%U %S %e' -o "$work/wrk.time" wrk "${args[@]}" >"$work/wrk.out" 2>&1
  local total bad secs
  total=$(grep -o '[0-9]* requests in' "$work/wrk.out" | awk '{print $1}')
  secs=$(grep -o 'requests in [0-9.]*[a-z]*' "$work/wrk.out" | awk '{print $3}')
  bad=$(grep -o 'Non-2xx or 3xx responses: [0-9]*' "$work/wrk.out" | awk '{print $NF}' || true)
  [ -z "$bad" ] || echo "note: wrk counted $bad non-2xx responses" >&2
  grep -q 'Socket errors' "$work/wrk.out" && grep 'Socket errors' "$work/wrk.out" >&2
  w_total=$((total - ${bad:-0}))
  w_rps=$(python3 -c "import sys,re; n=int(sys.argv[1]); s=sys.argv[2]; v=float(re.match(r'[0-9.]+',s).group()); u=s[len(re.match(r'[0-9.]+',s).group()):]; v*= {'s':1,'ms':1e-3,'m':60}.get(u,1); print('%.0f' % (n/v))" "$w_total" "$secs")
  w_cores=$(awk '{printf "%.2f", ($1 + $2) / $3}' "$work/wrk.time")
  w_us=$(awk -v n="$w_total" '{printf "%.2f", ($1 + $2) * 1e6 / (n > 0 ? n : 1)}' "$work/wrk.time")
}

fluxlab_run() { # $1 depth -> f_rps f_cores f_us f_total
  ./fluxlab load "$url" -c "$c" -m "$1" --threads "$t" -d "${dur}s" --warmup "${warm}s" --progress machine \
      --json "$work/f.json" >"$work/f.out" 2>"$work/f.err" || { cat "$work/f.err" >&2; exit 1; }
  read -r f_rps f_cores f_us f_err <<<"$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print("%.0f %.2f %.2f %d" % (d["throughput_rps"], d["injector_cpu_cores"], d["injector_cpu_s"] * 1e6 / max(1, d["requests_ok"]), sum(d["errors"].values())))' "$work/f.json")"
  [ "$f_err" = 0 ] || echo "note: fluxlab counted $f_err errors ($(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["errors"])' "$work/f.json"))" >&2
  # every response of the process (warm-up and measured phase), to relate to the target's CPU over the process
  f_total=$(awk '/^fluxlab-progress/ {for (i=1;i<=NF;i++) if ($i ~ /^ok=/) {sub("ok=","",$i); s+=$i}} END {print s+0}' "$work/f.out")
}

./fluxlab --version >/dev/null # build once, outside any measurement
for target in $targets; do
  start_server "$target"
  url="http://127.0.0.1:$port/plaintext"
  for m in $depths; do
    # warm the target's code paths for this depth (not measured): without it the first run of a fresh target pays
    # for the target's JIT (seen: 20-37 us/resp instead of 9-12 at depth 1)
    wrk -t "$t" -c "$c" -d "$((2 * warm))s" -s "$work/pipeline.lua" "$url" -- "$m" >/dev/null 2>&1
    for r in $(seq "$rounds"); do
      t0=$(server_ticks); s0=$(server_syscalls)
      wrk_run "$m"
      t1=$(server_ticks); s1=$(server_syscalls)
      read -r tu ts <<<"$(target_cost $((t1 - t0)) $((s1 - s0)) "$w_total")"
      record "$target" "$m" wrk "$r" "$w_rps" "$w_cores" "$w_us" "$tu" "$ts"
      t0=$(server_ticks); s0=$(server_syscalls)
      fluxlab_run "$m"
      t1=$(server_ticks); s1=$(server_syscalls)
      read -r tu ts <<<"$(target_cost $((t1 - t0)) $((s1 - s0)) "$f_total")"
      record "$target" "$m" fluxlab "$r" "$f_rps" "$f_cores" "$f_us" "$tu" "$ts"
    done
  done
  stop_server
done

echo
python3 - "$runs" <<'EOF'
import sys, collections, statistics as st
rows = [l.rstrip('\n').split('\t') for l in open(sys.argv[1]) if l.strip()]
by = collections.OrderedDict()
for tg, m, tool, r, rps, cores, ius, tus, sc in rows:
    rps, cores, ius, tus = float(rps), float(cores), float(ius), float(tus)
    by.setdefault((tg, m), {}).setdefault(tool, []).append((rps, cores, ius, tus, cores + tus * rps / 1e6))
head = '%-9s %5s %9s %9s %6s %6s | %-11s | %-11s | %-11s | %-11s | %6s'
print(head % ('target', 'depth', 'wrk', 'fluxlab', 'ratio', 'median', 'inj cores', 'inj us/resp', 'tgt us/resp',
              'pair cores', 'per'))
fmt = '%-9s %5s %9s %9s %6s %6s | %5s %5s | %5s %5s | %5s %5s | %5s %5s | %6s'
print(fmt % ('', '', 'req/s', 'req/s', 'means', 'pairs', 'wrk', 'fluxl', 'wrk', 'fluxl', 'wrk', 'fluxl', 'wrk', 'fluxl',
             'pairCPU'))
for (tg, m), d in by.items():
    w, f = d.get('wrk', []), d.get('fluxlab', [])
    if not w or not f:
        continue
    mean = lambda xs, k: st.mean(x[k] for x in xs)
    pairs = st.median(b[0] / a[0] for a, b in zip(w, f) if a[0] > 0)
    per_cpu = (mean(w, 2) + mean(w, 3)) / (mean(f, 2) + mean(f, 3))
    print('%-9s %5s %9.0f %9.0f %6.2f %6.2f | %5.2f %5.2f | %5.2f %5.2f | %5.2f %5.2f | %5.2f %5.2f | %6.2f' % (
        tg, m, mean(w, 0), mean(f, 0), mean(f, 0) / mean(w, 0), pairs, mean(w, 1), mean(f, 1), mean(w, 2),
        mean(f, 2), mean(w, 3), mean(f, 3), mean(w, 4), mean(f, 4), per_cpu))
print('(ratio = fluxlab/wrk of the mean req/s; median pairs = median of fluxlab/wrk per round; inj cores = injector')
print(' CPU (user+sys) per wall second; us/resp = CPU microseconds per response; pair cores = injector + target cores;')
print(' per pairCPU = fluxlab/wrk of responses per CPU-second of target + injector, the figure noise moves least)')
EOF
