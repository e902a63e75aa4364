#!/usr/bin/env bash
# Injector efficiency: requests per injector CPU-second of fluxlab's injector against a peer, four pairs side by side,
# against the same server with the same connections/threads/in-flight and duration, each after a warm-up:
#   http1.1   closed model, HTTP/1.1 -c C -t T               vs wrk (same -c -t)
#   h2c       closed model, h2c -c C -m M -t T               vs h2load (same -c -m -t)
#   open      open model at --rate R (>= 20k req/s), HTTP/1.1 vs fluxlab's own closed model at the same -c -t; the open
#             run keeps its default event loops (one per 40k req/s of its rate) unless --open-threads says otherwise
#   pipeline  HTTP/1.1 pipelining at depth D (-m D)          vs wrk with a Lua script handing it D requests per write
# The peer runs once before and once after fluxlab and its better run is kept, so server warm-up drift favours the
# peer. For `open` the peer is fluxlab's closed run of the http1.1 pair (before) and one more closed run (after).
#
# usage: bench/injector-efficiency.sh [options]
#   --server-cmd CMD   command starting the server; '{protocol}' is replaced by http1.1 or h2c. It must print
#                      'fluxlab-ready port=N ...' on stdout. Default (or $FLUXLAB_BENCH_SERVER_CMD):
#                      ./fluxlab serve reactor-netty --protocol {protocol} --port 0
#   --test-server      use the injector's own raw-Netty test server (fluxlab-loadgen test classes; run
#                      ./mvnw -q -DskipTests package and ./mvnw -q test-compile -pl fluxlab-loadgen -am first)
#   -c N -t N          HTTP/1.1 connections and threads (default 16, 2), for http1.1, open and pipeline
#   --h2-conns N --h2-streams N --h2-threads N   h2c connections, streams per connection, threads (default 4, 16, 2)
#   --rate R           open model's requests per second (default 20000)
#   --open-threads N   the open run's event loops (default: fluxlab's own default for the rate)
#   --depth D          pipelining depth (default 16)
#   -d SECONDS         measured duration (default 10)
#   -w SECONDS         warm-up (default 15: a fresh injector JVM still compiles its hot path after 5 s, 283-600 ms of
#                      JIT in a 10 s measured h2c or open run, CPU the native peers never pay; after 15 s, 3-28 ms)
#   --only LIST        run only these pairs, comma-separated: http1.1,h2c,open,pipeline (open needs http1.1's
#                      closed run as its first peer run and runs it when http1.1 is not listed)
#   --rounds N         run every pair N times (1-10, default 1) and print each ratio's median and range over the rounds:
#                      on this 2-core VM one pair's ratio moved from 0.84 to 1.29 within ten minutes, so a single round
#                      is one sample, not a figure
# Prints, per pair: requests, injector CPU seconds in user space and in the kernel (system) apart, each per request
# (microseconds) and the kernel's share, requests per CPU-second (user + system), and fluxlab/peer (with the compile
# time of fluxlab's own JIT while measured, part of its user CPU, which the native peers do not pay); then the
# four ratios on one line, and the machine's load average before and after (the figures are only as good as the
# machine was quiet). About 4 minutes with the defaults, and that again per extra round.
# CPU: a peer's by /usr/bin/time over its whole run; fluxlab's over its measured phase only (its JVM start and warm-up
# are outside): the document's injector_cpu_s, split into user and system in the proportion /proc/PID/stat gives over
# the same phase (bench/lib/measured-cpu.sh).
# The system share is the floor: on loopback the kernel's TCP work of each send and receive (and the receiver's
# softirq on the sender's write), the same for any injector making the same syscalls (docs/injector.md "The floor").
# The machine's other load distorts wall-clock throughput; requests per CPU-second is much less sensitive.
set -euo pipefail
cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.."
ROOT=$PWD
# shellcheck source=bench/lib/measured-cpu.sh
. bench/lib/measured-cpu.sh

server_cmd=${FLUXLAB_BENCH_SERVER_CMD:-"./fluxlab serve reactor-netty --protocol {protocol} --port 0"}
rounds=1; c=16; t=2; h2c_conns=4; h2c_streams=16; h2c_threads=2; rate=20000; open_threads=""; depth=16; dur=10; warm=15; only="http1.1,h2c,open,pipeline"
while [ $# -gt 0 ]; do
  case "$1" in
    --server-cmd) server_cmd=$2; shift 2 ;;
    --test-server) server_cmd="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java --enable-native-access=ALL-UNNAMED -cp $ROOT/fluxlab-loadgen/target/test-classes:$ROOT/fluxlab-cli/target/lib/* dev.fluxlab.loadgen.TestServer --protocol {protocol} --port 0 --threads 1"; shift ;;
    -c) c=$2; shift 2 ;;
    -t) t=$2; shift 2 ;;
    --h2-conns) h2c_conns=$2; shift 2 ;;
    --h2-streams) h2c_streams=$2; shift 2 ;;
    --h2-threads) h2c_threads=$2; shift 2 ;;
    --rate) rate=$2; shift 2 ;;
    --open-threads) open_threads=$2; shift 2 ;;
    --depth) depth=$2; shift 2 ;;
    -d) dur=$2; shift 2 ;;
    -w) warm=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d'; exit 0 ;;
    *) echo "injector-efficiency: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done
for p in ${only//,/ }; do
  case "$p" in
    http1.1|h2c|open|pipeline) ;;
    *) echo "injector-efficiency: --only takes http1.1, h2c, open, pipeline (comma-separated), not '$p'" >&2; exit 2 ;;
  esac
done
[[ "$rounds" =~ ^[0-9]+$ ]] && [ "$rounds" -ge 1 ] && [ "$rounds" -le 10 ] \
  || { echo "injector-efficiency: --rounds takes a whole number from 1 to 10, not '$rounds'" >&2; exit 2; }
wants() { [[ ",$only," == *",$1,"* ]]; }
for tool in wrk h2load /usr/bin/time python3; do
  command -v "$tool" >/dev/null || { echo "injector-efficiency: $tool is missing (apt-get install wrk nghttp2-client time python3)" >&2; exit 2; }
done
# Netty on JDK 24+: native transports without warnings, Unsafe buffer access (lower injector user time)
export FLUXLAB_JAVA_OPTS="${FLUXLAB_JAVA_OPTS:---enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow}"
work=$(mktemp -d)
server_pid=""
stop_server() { [ -z "$server_pid" ] || stop_pid "$server_pid"; server_pid=""; }
trap 'stop_server; [ -z "${fm_pid:-}" ] || stop_pid "$fm_pid"; rm -rf "$work"' EXIT

start_server() { # $1 protocol -> sets port
  local cmd=${server_cmd//\{protocol\}/$1}
  set -f # split the command into words, but never glob (e.g. -cp 'lib/*')
  # shellcheck disable=SC2086
  setsid $cmd >"$work/server-$1.out" 2>"$work/server-$1.err" &
  server_pid=$!
  set +f
  port=""
  for _ in $(seq 600); do
    port=$(grep -a -o -m1 '^fluxlab-ready port=[0-9]*' "$work/server-$1.out" 2>/dev/null | cut -d= -f2 || true)
    [ -n "$port" ] && break
    kill -0 "$server_pid" 2>/dev/null || { echo "server exited:"; tail -5 "$work/server-$1.err"; exit 1; } >&2
    sleep 0.1
  done
  [ -n "$port" ] || { echo "injector-efficiency: the server printed no readiness line within 60 s" >&2; exit 1; }
}

# wrk's pipelining: every request() call hands wrk one buffer of `depth` GET requests; wrk writes the next buffer
# only when all of that buffer's responses have been read, and counts every response
cat >"$work/pipeline.lua" <<'LUA'
local batch
init = function(args)
  batch = string.rep(wrk.format("GET", wrk.path), tonumber(args[1] or "1"))
end
request = function()
  return batch
end
LUA

timed() { # $1 out-file, rest: command; records "user sys" seconds in $1.time
  local out=$1; shift
  /usr/bin/time -f '%U %S' -o "$out.time" "$@" >"$out" 2>&1
}

rows=()
row_format='%-9s %-15s %11s %7s %7s %10s %8s %7s %5s %6s  %s'
# row PAIR INJECTOR REQUESTS USER_S SYS_S RATIO NOTE: adds the requests per CPU-second, the user and system
# microseconds per request and the system share
row() {
  local derived
  derived=$(python3 -c 'import sys; r,u,s=map(float,sys.argv[1:]); c=u+s
print("%.0f %.2f %.2f %.0f" % (r/c, 1e6*u/r, 1e6*s/r, 100*s/c) if c and r else "0 n/a n/a n/a")' "$3" "$4" "$5")
  local eff uus sus share
  read -r eff uus sus share <<<"$derived"
  # shellcheck disable=SC2059 # one format for the rows and the header
  rows+=("$(printf "$row_format" "$1" "$2" "$3" "$4" "$5" "$eff" "$uus" "$sus" "$share" "$6" "$7")")
}
ratios=()
declare -A over_rounds=() # ratio name -> the ratio of every round, space-separated
pair_order=()
add_ratio() { # $1 name, $2 ratio, $3 goal text (may be empty): one round's ratio of one pair
  ratios+=("$1 $2${3:+ ($3)}")
  [ -n "${over_rounds[$1]+set}" ] || { pair_order+=("$1"); goals["$1"]=$3; }
  over_rounds["$1"]="${over_rounds[$1]:-} $2"
}
declare -A goals=()

ratio() { python3 -c "import sys; a,b=map(float,sys.argv[1:]); print('%.2f' % (a/b) if b else 'n/a')" "$1" "$2"; }
per_cpu() { python3 -c "import sys; r,u,s=map(float,sys.argv[1:]); print('%.0f' % (r/(u+s)) if u+s else '0')" "$@"; }
# own_ceiling F_REQ F_SYS P_REQ P_USER P_SYS: the most fluxlab/peer could reach with fluxlab's own kernel time per
# request and no user-space work at all: the peer's CPU per request over fluxlab's system time per request. A goal
# above it needs fewer or cheaper kernel entries per request, not faster code.
own_ceiling() { python3 -c "import sys; fr,fs,pr,pu,ps=map(float,sys.argv[1:]); print('%.2f' % ((pu+ps)/pr/(fs/fr)) if fs > 0 and pr > 0 and fr > 0 else 'n/a')" "$@"; }
load_avg() { cut -d' ' -f1-3 /proc/loadavg; }

fluxlab_run() { # $1 label, rest: load args -> sets f_req f_user f_sys f_cpu f_eff f_err f_rps f_late f_missed f_jit f_loops
  local label=$1; shift
  fluxlab_measured_run "$label" "$@" # f_cpu: the JVM's own clock; f_user, f_sys: its split as /proc saw it
  # f_jit: the injector's own compile time while measured (ms), which its CPU figure includes and the peers' do not
  read -r f_req f_cpu f_err f_rps f_late f_missed f_loops f_jit <<<"$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); j=[w["measured"]["compile_ms"] for w in (d.get("watched_jvms") or []) if w.get("role")=="injector" and w.get("measured")]; print(d["requests_ok"], "%.2f" % d["injector_cpu_s"], sum(d["errors"].values()), "%.0f" % d["throughput_rps"], d["late_requests"], d["missed_requests"], d.get("threads", "?"), "%.0f" % j[0] if j else "?")' "$work/$label.json")"
  fm_split "$f_cpu"; f_user=$fm_user; f_sys=$fm_sys
  f_eff=$(per_cpu "$f_req" "$f_user" "$f_sys")
  [ "$f_err" = 0 ] || echo "note: fluxlab counted $f_err errors in '$label' (see $work/$label.json)" >&2
}

wrk_run() { # $1 label, rest: wrk args -> sets w_req w_user w_sys w_eff
  local label=$1; shift
  timed "$work/$label" wrk "$@"
  w_req=$(grep -o '[0-9]* requests in' "$work/$label" | awk '{print $1}')
  local bad
  bad=$(grep -o 'Non-2xx or 3xx responses: [0-9]*' "$work/$label" | awk '{print $NF}' || true)
  w_req=$((w_req - ${bad:-0})); read -r w_user w_sys <"$work/$label.time"; w_eff=$(per_cpu "$w_req" "$w_user" "$w_sys")
}

keep_best() { # $1 eff $2 req $3 user $4 sys: keeps the peer's better run in p_eff p_req p_user p_sys
  if [ "$1" -gt "${p_eff:-0}" ]; then p_eff=$1; p_req=$2; p_user=$3; p_sys=$4; fi
}

load_before=$(load_avg)
./fluxlab --version >/dev/null # build once (and train the injector's AOT cache), outside any measurement
# the launcher hands `fluxlab load` the AOT cache on JDK 25+ when it fits this build (docs/injector.md)
if [ "${FLUXLAB_AOT:-1}" != 0 ] && [ -f fluxlab-cli/target/injector.aot ] && ! [ fluxlab-cli/target/fluxlab-cli.jar -nt fluxlab-cli/target/injector.aot ]; then
  aot_state="started with the AOT cache (FLUXLAB_AOT=0 runs it without)"
else
  aot_state="started without an AOT cache (JDK < 25, FLUXLAB_AOT=0, or no trained cache)"
fi

for rno in $(seq "$rounds"); do
  [ "$rounds" = 1 ] || { echo "round $rno of $rounds..." >&2; rows+=("--- round $rno"); }
  h1_closed_eff=""
  if wants http1.1 || wants open || wants pipeline; then
    start_server http1.1
    url="http://127.0.0.1:$port/plaintext"
    wrk -t "$t" -c "$c" -d "${warm}s" "$url" >/dev/null 2>&1          # warm-up (server and OS), not measured

    if wants http1.1; then
      # the peer runs before and after fluxlab; its better run counts (conservative for fluxlab)
      p_eff=0
      wrk_run wrk1 -t "$t" -c "$c" -d "${dur}s" "$url"; keep_best "$w_eff" "$w_req" "$w_user" "$w_sys"
      fluxlab_run h1 "$url" -c "$c" --threads "$t"
      h1_closed_eff=$f_eff; h1_closed_req=$f_req; h1_closed_user=$f_user; h1_closed_sys=$f_sys
      wrk_run wrk2 -t "$t" -c "$c" -d "${dur}s" "$url"; keep_best "$w_eff" "$w_req" "$w_user" "$w_sys"
      row http1.1 wrk "$p_req" "$p_user" "$p_sys" "" ""
      row http1.1 fluxlab "$f_req" "$f_user" "$f_sys" "$(ratio "$f_eff" "$p_eff")" \
          "$f_rps req/s, own JIT $f_jit ms, ceiling $(own_ceiling "$f_req" "$f_sys" "$p_req" "$p_user" "$p_sys")x"
      add_ratio "http1.1 vs wrk" "$(ratio "$f_eff" "$p_eff")" ""
    fi

    if wants open; then
      # the peer is fluxlab's own closed model at the same -c -t: the http1.1 pair's run (before) and one more (after)
      p_eff=0
      if [ -z "$h1_closed_eff" ]; then
        fluxlab_run closed1 "$url" -c "$c" --threads "$t"; h1_closed_eff=$f_eff; h1_closed_req=$f_req; h1_closed_user=$f_user; h1_closed_sys=$f_sys
      fi
      keep_best "$h1_closed_eff" "$h1_closed_req" "$h1_closed_user" "$h1_closed_sys"
      fluxlab_run open "$url" -c "$c" ${open_threads:+--threads "$open_threads"} --rate "$rate"
      o_eff=$f_eff; o_req=$f_req; o_user=$f_user; o_sys=$f_sys; o_rps=$f_rps; o_late=$f_late; o_missed=$f_missed; o_jit=$f_jit; o_loops=$f_loops
      fluxlab_run closed2 "$url" -c "$c" --threads "$t"; keep_best "$f_eff" "$f_req" "$f_user" "$f_sys"
      row open "fluxlab closed" "$p_req" "$p_user" "$p_sys" "" ""
      row open "fluxlab open" "$o_req" "$o_user" "$o_sys" "$(ratio "$o_eff" "$p_eff")" \
          "$o_rps of $rate req/s on $o_loops event loop(s), late $o_late, missed $o_missed, own JIT $o_jit ms"
      add_ratio "open@$rate vs closed" "$(ratio "$o_eff" "$p_eff")" "goal >= 1"
    fi

    if wants pipeline; then
      wrk -t "$t" -c "$c" -d "${warm}s" -s "$work/pipeline.lua" "$url" -- "$depth" >/dev/null 2>&1   # warm-up
      p_eff=0
      wrk_run wrkp1 -t "$t" -c "$c" -d "${dur}s" -s "$work/pipeline.lua" "$url" -- "$depth"; keep_best "$w_eff" "$w_req" "$w_user" "$w_sys"
      fluxlab_run pipe "$url" -c "$c" --threads "$t" -m "$depth"
      wrk_run wrkp2 -t "$t" -c "$c" -d "${dur}s" -s "$work/pipeline.lua" "$url" -- "$depth"; keep_best "$w_eff" "$w_req" "$w_user" "$w_sys"
      row "pipe m=$depth" "wrk (lua)" "$p_req" "$p_user" "$p_sys" "" ""
      row "pipe m=$depth" fluxlab "$f_req" "$f_user" "$f_sys" "$(ratio "$f_eff" "$p_eff")" \
          "$f_rps req/s, own JIT $f_jit ms, ceiling $(own_ceiling "$f_req" "$f_sys" "$p_req" "$p_user" "$p_sys")x"
      add_ratio "pipeline m=$depth vs wrk" "$(ratio "$f_eff" "$p_eff")" ""
    fi
    stop_server
  fi

  if wants h2c; then
    start_server h2c
    url="http://127.0.0.1:$port/plaintext"
    h2load -c "$h2c_conns" -m "$h2c_streams" -t "$h2c_threads" -D "$warm" "$url" >/dev/null 2>&1   # warm-up
    p_eff=0
    for round in 1 2; do
      if [ "$round" = 2 ]; then fluxlab_run h2c "$url" --protocol h2c -c "$h2c_conns" -m "$h2c_streams" --threads "$h2c_threads"; fi
      timed "$work/h2load$round" h2load -c "$h2c_conns" -m "$h2c_streams" -t "$h2c_threads" -D "$dur" "$url"
      r=$(grep -o '[0-9]* succeeded' "$work/h2load$round" | head -1 | awk '{print $1}')
      read -r hu hs <"$work/h2load$round.time"; keep_best "$(per_cpu "$r" "$hu" "$hs")" "$r" "$hu" "$hs"
    done
    row h2c h2load "$p_req" "$p_user" "$p_sys" "" ""
    row h2c fluxlab "$f_req" "$f_user" "$f_sys" "$(ratio "$f_eff" "$p_eff")" \
        "$f_rps req/s, own JIT $f_jit ms, ceiling $(own_ceiling "$f_req" "$f_sys" "$p_req" "$p_user" "$p_sys")x"
    add_ratio "h2c vs h2load" "$(ratio "$f_eff" "$p_eff")" "goal >= 2"
    stop_server
  fi
done

# shellcheck disable=SC2059
printf "$row_format\n" pair injector requests user_s sys_s req/cpu_s user_us sys_us sys% ratio ""
printf '%s\n' "${rows[@]}"
if [ "$rounds" = 1 ]; then
  echo "ratios (fluxlab/peer requests per CPU-second): $(IFS='|'; echo "${ratios[*]}" | sed 's/|/;  /g')"
else
  summary=()
  for name in "${pair_order[@]}"; do
    # shellcheck disable=SC2086
    summary+=("$name $(python3 -c 'import statistics,sys; v=[float(x) for x in sys.argv[1:] if x != "n/a"]; print("%.2f (%.2f-%.2f over %d rounds)" % (statistics.median(v), min(v), max(v), len(v)) if v else "n/a")' ${over_rounds[$name]})${goals[$name]:+ (${goals[$name]})}")
  done
  echo "ratios (fluxlab/peer requests per CPU-second), median and range: $(IFS='|'; echo "${summary[*]}" | sed 's/|/;  /g')"
fi
echo "(HTTP/1.1, open, pipeline: -c $c -t $t; open: --rate $rate; pipeline: -m $depth; h2c: -c $h2c_conns -m $h2c_streams"
echo " -t $h2c_threads; ${dur}s measured after ${warm}s warm-up; user_s, sys_s: the injector process's CPU in user space and"
echo " in the kernel (fluxlab: its measured phase, injector_cpu_s split as /proc saw it; a peer: its whole run, /usr/bin/time);"
echo " user_us, sys_us: per request;"
echo " sys%: the kernel's share, the floor no injector's own code removes; req/cpu_s = requests / (user_s + sys_s);"
echo " ceiling (fluxlab rows): the most fluxlab/peer could reach with fluxlab's own system time per request and no"
echo " user-space work at all (the peer's CPU per request / fluxlab's sys_us); a goal above it is not won by faster code;"
echo " the peer ran before and after fluxlab, its better run shown; load average before: $load_before, after: $(load_avg))"
echo "fluxlab's injector JVM: $aot_state"
