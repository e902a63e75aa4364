#!/usr/bin/env bash
# Test hosts on one machine: N Linux network namespaces on a private bridge, each running its own OpenSSH server,
# reachable with a key pair, known_hosts and ssh config generated for this run (docs/hosts.md).
#
#   scripts/lab-hosts.sh up N [--cpus "0;1;0,1"]   create fluxlab-h1..N (optional CPU list per host, ';'-separated:
#                                                  that host's sshd and all it starts run on those CPUs)
#   scripts/lab-hosts.sh status                    what is up, and whether each host answers over ssh
#   scripts/lab-hosts.sh down                      remove exactly what `up` created (idempotent)
#
# Needs root (namespaces, links) and Debian's openssh-server. All state lives in one directory:
# $FLUXLAB_LAB_DIR, default /run/fluxlab-lab. Only the bridge, veths and namespaces created here are touched;
# no other interface, route or firewall rule is changed, and the namespaces get no default route.
# A second lab next to the first (the tests do this) needs its own FLUXLAB_LAB_DIR, FLUXLAB_LAB_NAME (namespaces
# and ssh aliases NAME-h1.., default fluxlab) and FLUXLAB_LAB_TAG (link names TAG-br0, TAG-v1.., default fxlab).
set -Eeuo pipefail

LAB_DIR=${FLUXLAB_LAB_DIR:-/run/fluxlab-lab}
LAB_NAME=${FLUXLAB_LAB_NAME:-fluxlab}
LAB_TAG=${FLUXLAB_LAB_TAG:-fxlab}
[[ $LAB_NAME =~ ^[a-z][a-z0-9-]{0,19}$ ]] || { echo "lab-hosts: FLUXLAB_LAB_NAME must be 1-20 of a-z 0-9 -" >&2; exit 1; }
[[ $LAB_TAG =~ ^[a-z][a-z0-9]{0,7}$ ]] || { echo "lab-hosts: FLUXLAB_LAB_TAG must be 1-8 of a-z 0-9" >&2; exit 1; }
BRIDGE=$LAB_TAG-br0
NS_PREFIX=$LAB_NAME-h
VETH_PREFIX=$LAB_TAG-v
SSHD=/usr/sbin/sshd
MAX_HOSTS=50
# private /24s tried in order; the first that overlaps none of the machine's networks is used
CANDIDATES=(10.213.71.0 10.213.72.0 172.30.213.0 192.168.213.0)

die() { echo "lab-hosts: $*" >&2; exit 1; }
usage() { sed -n '5,8p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; exit 2; }

# what `up` created, one "kind name" per line, undone in reverse by `down`
record() { echo "$1 $2" >> "$LAB_DIR/created"; }

ip2int() { local IFS=.; read -r a b c d <<< "$1"; echo $(( (a << 24) | (b << 16) | (c << 8) | d )); }

# every IPv4 network this machine has: interface addresses and routes of all tables, without the default route
existing_networks() {
  ip -4 -o addr show | awk '{print $4}'
  ip -4 route show table all | awk '{ n = $1; if (n ~ /^(local|broadcast|unicast|multicast|anycast|unreachable|blackhole|prohibit|throw)$/) n = $2; if (n != "default") print n }'
}

# true when a.b.c.d/24 overlaps none of the networks on stdin
network_free() {
  local cand prefix net len mask mask_len
  cand=$(ip2int "$1")
  while read -r prefix; do
    [[ -z $prefix ]] && continue
    net=${prefix%/*}; len=${prefix#*/}; [[ $prefix == */* ]] || len=32
    (( len > 24 )) && mask_len=24 || mask_len=$len
    mask=$(( mask_len == 0 ? 0 : (0xFFFFFFFF << (32 - mask_len)) & 0xFFFFFFFF ))
    if (( (cand & mask) == ($(ip2int "$net") & mask) )); then return 1; fi
  done
  return 0
}

pick_subnet() {
  local nets c
  nets=$(existing_networks)
  for c in "${CANDIDATES[@]}"; do
    if network_free "$c" <<< "$nets"; then echo "${c%.0}"; return 0; fi
  done
  die "none of the private networks ${CANDIDATES[*]/%//24} is free on this machine (ip -4 addr / ip -4 route overlap each); edit CANDIDATES in $0"
}

require_root() { [[ $(id -u) -eq 0 ]] || die "needs root (network namespaces and links); run it with sudo"; }

ensure_sshd() {
  [[ -x $SSHD ]] && return 0
  if command -v apt-get >/dev/null; then
    echo "lab-hosts: installing openssh-server (Debian package) ..."
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q openssh-server >/dev/null \
      || die "apt-get install openssh-server failed; install it by hand"
  fi
  [[ -x $SSHD ]] || die "$SSHD is missing: install Debian's openssh-server (apt-get install openssh-server)"
}

validate_cpus() {
  local list=$1
  [[ -z $list ]] && return 0
  [[ $list =~ ^[0-9]+(-[0-9]+)?(,[0-9]+(-[0-9]+)?)*$ ]] \
    || die "--cpus: '$list' is not a CPU list (like 0-3 or 4,5); separate hosts with ';'"
  taskset -c "$list" true 2>/dev/null \
    || die "--cpus: '$list' names CPUs this machine does not have (online: $(cat /sys/devices/system/cpu/online))"
}

up() {
  local n=${1:-} cpus_arg=""
  [[ $n =~ ^[0-9]+$ ]] && (( n >= 1 && n <= MAX_HOSTS )) || die "up needs a host count from 1 to $MAX_HOSTS, e.g. up 3"
  shift
  while (( $# )); do
    case $1 in
      --cpus) (( $# >= 2 )) || die "--cpus needs a value like \"0;1;0,1\""; cpus_arg=$2; shift 2 ;;
      *) die "unknown option '$1' (up N [--cpus \"0;1;0,1\"])" ;;
    esac
  done
  local -a cpus=()
  if [[ -n $cpus_arg ]]; then
    IFS=';' read -r -a cpus <<< "$cpus_arg"
    (( ${#cpus[@]} <= n )) || die "--cpus gives ${#cpus[@]} lists for $n hosts"
  fi
  for c in "${cpus[@]}"; do validate_cpus "$c"; done
  require_root
  [[ -e $LAB_DIR/created ]] && die "already up ($LAB_DIR); run '$0 down' first"
  ip link show "$BRIDGE" >/dev/null 2>&1 && die "a link named $BRIDGE exists but was not created by this lab ($LAB_DIR has no state); remove it or run '$0 down' with the FLUXLAB_LAB_DIR that created it"
  for ((i = 1; i <= n; i++)); do
    [[ -e /run/netns/$NS_PREFIX$i ]] && die "network namespace $NS_PREFIX$i exists but is not this lab's; remove it first"
  done
  ensure_sshd
  local base; base=$(pick_subnet)

  mkdir -p "$LAB_DIR"; chmod 700 "$LAB_DIR"; : > "$LAB_DIR/created"
  trap 'echo "lab-hosts: up failed; undoing what was created" >&2; down >/dev/null' ERR
  mkdir -p /run/sshd  # sshd's privilege-separation directory (Debian's package creates it only at service start)

  ssh-keygen -q -t ed25519 -N '' -C "fluxlab-lab client" -f "$LAB_DIR/id_ed25519"
  cp "$LAB_DIR/id_ed25519.pub" "$LAB_DIR/authorized_keys"; chmod 600 "$LAB_DIR/authorized_keys"
  : > "$LAB_DIR/known_hosts"
  {
    echo "# generated by scripts/lab-hosts.sh: use with ssh -F $LAB_DIR/ssh_config ${NS_PREFIX}1"
  } > "$LAB_DIR/ssh_config"

  ip link add "$BRIDGE" type bridge; record link "$BRIDGE"
  ip addr add "$base.1/24" dev "$BRIDGE"
  ip link set "$BRIDGE" up
  printf 'subnet=%s.0/24\nbridge=%s\ncontroller=%s.1\n' "$base" "$BRIDGE" "$base" > "$LAB_DIR/state"
  printf '# alias\tnamespace\taddress\tcpus\n' > "$LAB_DIR/hosts.tsv"

  for ((i = 1; i <= n; i++)); do
    local ns=$NS_PREFIX$i veth=$VETH_PREFIX$i addr=$base.$((10 + i)) hdir=$LAB_DIR/h$i cpu=${cpus[$((i - 1))]:-}
    ip netns add "$ns"; record netns "$ns"
    ip link add "$veth" type veth peer name "${veth}p"; record link "$veth"
    ip link set "${veth}p" netns "$ns"
    ip link set "$veth" master "$BRIDGE"
    ip link set "$veth" up
    ip -n "$ns" link set lo up
    ip -n "$ns" link set "${veth}p" name eth0
    ip -n "$ns" addr add "$addr/24" dev eth0
    ip -n "$ns" link set eth0 up

    mkdir -p "$hdir"
    ssh-keygen -q -t ed25519 -N '' -C "$LAB_NAME-lab $ns" -f "$hdir/ssh_host_ed25519_key"
    # StrictModes off: the state directory (0700, root's) may sit in a world-writable one such as /tmp, which
    # sshd's check of every parent of AuthorizedKeysFile would refuse
    cat > "$hdir/sshd_config" <<EOF
ListenAddress $addr:22
StrictModes no
HostKey $hdir/ssh_host_ed25519_key
PidFile $hdir/sshd.pid
AuthorizedKeysFile $LAB_DIR/authorized_keys
PermitRootLogin prohibit-password
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
PrintMotd no
MaxSessions 64
MaxStartups 64:30:128
Subsystem sftp internal-sftp
EOF
    # with a CPU list the host's sshd runs on those CPUs, and so does everything its sessions start: the host "has"
    # those CPUs (the runner reads them as the host's usable CPUs)
    ip netns exec "$ns" ${cpu:+taskset -c "$cpu"} "$SSHD" -f "$hdir/sshd_config" -E "$hdir/sshd.log"
    for _ in $(seq 50); do [[ -s $hdir/sshd.pid ]] && break; sleep 0.1; done
    [[ -s $hdir/sshd.pid ]] || { cat "$hdir/sshd.log" >&2; false; }
    record pid "$hdir/sshd.pid"

    echo "$addr $(cut -d' ' -f1,2 "$hdir/ssh_host_ed25519_key.pub")" >> "$LAB_DIR/known_hosts"
    cat >> "$LAB_DIR/ssh_config" <<EOF

Host $ns
  HostName $addr
  User root
  IdentityFile $LAB_DIR/id_ed25519
  IdentitiesOnly yes
  UserKnownHostsFile $LAB_DIR/known_hosts
  GlobalKnownHostsFile /dev/null
  StrictHostKeyChecking yes
  BatchMode yes
EOF
    printf '%s\t%s\t%s\t%s\n' "$ns" "$ns" "$addr" "$cpu" >> "$LAB_DIR/hosts.tsv"
  done
  trap - ERR

  echo "lab-hosts: $n host(s) up on $base.0/24 (this machine is $base.1 on $BRIDGE); state in $LAB_DIR"
  column -t -s $'\t' "$LAB_DIR/hosts.tsv" 2>/dev/null || cat "$LAB_DIR/hosts.tsv"
  echo "use:  ssh -F $LAB_DIR/ssh_config ${NS_PREFIX}1 hostname -I"
  echo "down: $0 down"
}

# kills a recorded sshd only when the pid file still names a running sshd
kill_pidfile() {
  local f=$1 pid
  [[ -s $f ]] || return 0
  pid=$(cat "$f")
  if [[ $pid =~ ^[0-9]+$ ]] && [[ $(cat "/proc/$pid/comm" 2>/dev/null) == sshd ]]; then
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 30); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null || true
  fi
}

# kills what still runs inside a namespace of this lab: the per-connection sshd sessions (and what they started)
# outlive the listening sshd, and `ip netns del` alone leaves them running in a namespace nobody can reach
kill_netns_pids() {
  local ns=$1 pids
  pids=$(ip netns pids "$ns" 2>/dev/null) || return 0
  [[ -n $pids ]] || return 0
  # shellcheck disable=SC2086
  kill $pids 2>/dev/null || true
  for _ in $(seq 30); do [[ -n $(ip netns pids "$ns" 2>/dev/null) ]] || return 0; sleep 0.1; done
  pids=$(ip netns pids "$ns" 2>/dev/null) || return 0
  # shellcheck disable=SC2086
  [[ -z $pids ]] || kill -KILL $pids 2>/dev/null || true
}

down() {
  if [[ ! -e $LAB_DIR/created ]]; then
    echo "lab-hosts: nothing is up ($LAB_DIR has no state)"
    return 0
  fi
  require_root
  local kind name
  # sshd first (they keep a namespace alive), then namespaces (removing one destroys its veth end), then links
  for k in pid netns link; do
    tac "$LAB_DIR/created" | while read -r kind name; do
      [[ $kind == "$k" ]] || continue
      case $kind in
        pid) kill_pidfile "$name" ;;
        netns) kill_netns_pids "$name"; ip netns del "$name" 2>/dev/null || true ;;
        link) ip link del "$name" 2>/dev/null || true ;;
      esac
    done
  done
  rm -rf "$LAB_DIR"
  echo "lab-hosts: down; namespaces, links and sshd processes of this lab removed"
}

status() {
  if [[ ! -e $LAB_DIR/hosts.tsv ]]; then echo "lab-hosts: nothing is up ($LAB_DIR)"; return 0; fi
  cat "$LAB_DIR/state"
  local alias ns addr cpu pid state
  while IFS=$'\t' read -r alias ns addr cpu; do
    [[ $alias == \#* ]] && continue
    pid=$(cat "$LAB_DIR/h${alias#"$NS_PREFIX"}/sshd.pid" 2>/dev/null || true)
    if ssh -n -F "$LAB_DIR/ssh_config" -o ConnectTimeout=3 "$alias" true 2>/dev/null; then state=ok; else state=unreachable; fi
    printf '%s\t%s\t%s\tcpus=%s\tsshd=%s\t%s\n' "$alias" "$ns" "$addr" "${cpu:-all}" "${pid:-?}" "$state"
  done < "$LAB_DIR/hosts.tsv"
  echo "use: ssh -F $LAB_DIR/ssh_config ${NS_PREFIX}1"
}

case ${1:-} in
  up) shift; up "$@" ;;
  down) down ;;
  status) status ;;
  *) usage ;;
esac
