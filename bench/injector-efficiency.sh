#!/usr/bin/env bash
# Injector efficiency: requests per injector CPU-second of fluxlab's injector vs wrk (HTTP/1.1) and h2load (h2c),
# against the same server, same connections/threads/streams and duration, each after a warm-up. The peer runs
# once before and once after fluxlab and its better run is kept, so server warm-up drift favours the peer.
#
# usage: bench/injector-efficiency.sh [options]
#   --server-cmd CMD   command starting the server; '{protocol}' is replaced by http1.1 or h2c. It must print
#                      'fluxlab-ready port=N ...' on stdout. Default (or $FLUXLAB_BENCH_SERVER_CMD):
#                      ./fluxlab serve reactor-netty --protocol {protocol} --port 0
#   --test-server      use the injector's own raw-Netty test server (fluxlab-loadgen test classes; run
#                      ./mvnw -q -DskipTests package and ./mvnw -q test-compile -pl fluxlab-loadgen -am first)
#   -c N -t N          HTTP/1.1 connections and threads (default 16, 2)
#   --h2-conns N --h2-streams N --h2-threads N   h2c connections, streams per connection, threads (default 4, 16, 2)
#   -d SECONDS         measured duration (default 10)
#   -w SECONDS         warm-up (default 5)
#   --only http1.1|h2c run one pair only
# Prints, per pair: requests, injector CPU seconds (user+sys), requests per CPU-second, and fluxlab/peer.
# The machine's other load distorts wall-clock throughput; requests per CPU-second is much less sensitive.
set -euo pipefail
cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.."
ROOT=$PWD

server_cmd=${FLUXLAB_BENCH_SERVER_CMD:-"./fluxlab serve reactor-netty --protocol {protocol} --port 0"}
c=16; t=2; h2c_conns=4; h2c_streams=16; h2c_threads=2; dur=10; warm=5; only=""
while [ $# -gt 0 ]; do
  case "$1" in
    --server-cmd) server_cmd=$2; shift 2 ;;
    --test-server) server_cmd="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java --enable-native-access=ALL-UNNAMED -cp $ROOT/fluxlab-loadgen/target/test-classes:$ROOT/fluxlab-cli/target/lib/* dev.fluxlab.loadgen.TestServer --protocol {protocol} --port 0 --threads 1"; shift ;;
    -c) c=$2; shift 2 ;;
    -t) t=$2; shift 2 ;;
    --h2-conns) h2c_conns=$2; shift 2 ;;
    --h2-streams) h2c_streams=$2; shift 2 ;;
    --h2-threads) h2c_threads=$2; shift 2 ;;
    -d) dur=$2; shift 2 ;;
    -w) warm=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
    *) echo "injector-efficiency: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done
for tool in wrk h2load /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "injector-efficiency: $tool is missing (apt-get install wrk nghttp2-client time)" >&2; exit 2; }
done
# Netty on JDK 24+: native transports without warnings, Unsafe buffer access (lower injector user time)
export FLUXLAB_JAVA_OPTS="${FLUXLAB_JAVA_OPTS:---enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow}"
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

timed() { # $1 out-file, rest: command; records "user sys" seconds in $1.time
  local out=$1; shift
  /usr/bin/time -f '%U %S' -o "$out.time" "$@" >"$out" 2>&1
}

cpu_of() { awk '{printf "%.2f", $1 + $2}' "$1.time"; }

rows=()
row() { rows+=("$(printf '%-8s %-8s %12s %8s %14s %8s' "$@")"); }

fluxlab_run() { # $1 label, rest: load args -> sets f_req f_cpu
  local label=$1; shift
  ./fluxlab load "$@" -d "${dur}s" --warmup "${warm}s" --progress none --json "$work/$label.json" >"$work/$label.txt" 2>&1 \
    || { cat "$work/$label.txt" >&2; exit 1; }
  f_req=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["requests_ok"])' "$work/$label.json")
  f_cpu=$(python3 -c 'import json,sys; print("%.2f" % json.load(open(sys.argv[1]))["injector_cpu_s"])' "$work/$label.json")
  f_err=$(python3 -c 'import json,sys; print(sum(json.load(open(sys.argv[1]))["errors"].values()))' "$work/$label.json")
}

ratio() { python3 -c "import sys; a,b=map(float,sys.argv[1:]); print('%.2f' % (a/b) if b else 'n/a')" "$1" "$2"; }
per_cpu() { python3 -c "import sys; r,c=map(float,sys.argv[1:]); print('%.0f' % (r/c) if c else '0')" "$1" "$2"; }

./fluxlab --version >/dev/null # build once, outside any measurement

if [ -z "$only" ] || [ "$only" = http1.1 ]; then
  start_server http1.1
  url="http://127.0.0.1:$port/plaintext"
  wrk -t "$t" -c "$c" -d "${warm}s" "$url" >/dev/null 2>&1          # warm-up (server and OS), not measured
  # the peer runs before and after fluxlab; its better run counts (conservative for fluxlab)
  w_eff=0
  for round in 1 2; do
    if [ "$round" = 2 ]; then fluxlab_run h1 "$url" -c "$c" --threads "$t"; fi
    timed "$work/wrk$round" wrk -t "$t" -c "$c" -d "${dur}s" "$url"
    r=$(grep -o '[0-9]* requests in' "$work/wrk$round" | awk '{print $1}')
    b=$(grep -o 'Non-2xx or 3xx responses: [0-9]*' "$work/wrk$round" | awk '{print $NF}' || true)
    r=$((r - ${b:-0})); cpu=$(cpu_of "$work/wrk$round"); eff=$(per_cpu "$r" "$cpu")
    if [ "$eff" -gt "$w_eff" ]; then w_eff=$eff; w_req=$r; w_cpu=$cpu; fi
  done
  f_eff=$(per_cpu "$f_req" "$f_cpu")
  row http1.1 wrk "$w_req" "$w_cpu" "$w_eff" ""
  row http1.1 fluxlab "$f_req" "$f_cpu" "$f_eff" "$(ratio "$f_eff" "$w_eff")"
  [ "$f_err" = 0 ] || echo "note: fluxlab counted $f_err errors on http1.1 (see $work/h1.json)" >&2
  stop_server
fi

if [ -z "$only" ] || [ "$only" = h2c ]; then
  start_server h2c
  url="http://127.0.0.1:$port/plaintext"
  h2load -c "$h2c_conns" -m "$h2c_streams" -t "$h2c_threads" -D "$warm" "$url" >/dev/null 2>&1   # warm-up
  h_eff=0
  for round in 1 2; do
    if [ "$round" = 2 ]; then fluxlab_run h2c "$url" --protocol h2c -c "$h2c_conns" -m "$h2c_streams" --threads "$h2c_threads"; fi
    timed "$work/h2load$round" h2load -c "$h2c_conns" -m "$h2c_streams" -t "$h2c_threads" -D "$dur" "$url"
    r=$(grep -o '[0-9]* succeeded' "$work/h2load$round" | head -1 | awk '{print $1}')
    cpu=$(cpu_of "$work/h2load$round"); eff=$(per_cpu "$r" "$cpu")
    if [ "$eff" -gt "$h_eff" ]; then h_eff=$eff; h_req=$r; h_cpu=$cpu; fi
  done
  f_eff=$(per_cpu "$f_req" "$f_cpu")
  row h2c h2load "$h_req" "$h_cpu" "$h_eff" ""
  row h2c fluxlab "$f_req" "$f_cpu" "$f_eff" "$(ratio "$f_eff" "$h_eff")"
  [ "$f_err" = 0 ] || echo "note: fluxlab counted $f_err errors on h2c (see $work/h2c.json)" >&2
  stop_server
fi

printf '%-8s %-8s %12s %8s %14s %8s\n' protocol injector requests cpu_s req/cpu_s ratio
printf '%s\n' "${rows[@]}"
echo "(HTTP/1.1: -c $c -t $t; h2c: -c $h2c_conns -m $h2c_streams -t $h2c_threads; ${dur}s measured after ${warm}s warm-up;"
echo " cpu_s = user+sys of the injector process in the measured run; ratio = fluxlab/peer requests per CPU-second)"
