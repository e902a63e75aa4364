#!/usr/bin/env bash
# The project's test command (README.md; .ci/run calls exactly this). On a fresh Debian machine it sets up what the
# tests need by itself, then runs every module's tests:
#   - the programs the tests drive: wrk, h2load, ab (the peer injectors), chromium (the report's browser test) and
#     python3 (a server that is no JVM, for the command-target tests);
#     as root also sshd, ssh and ip (openssh-server, openssh-client, iproute2) for the namespace host tests.
#     Missing ones are installed from Debian's packages when this may (as root, or with passwordless sudo);
#     otherwise one line names the packages and how to install them, and it exits 3 before running anything.
#   - oha with its HTTP/3 feature, the h3 peer injector (Debian ships none, and Debian's h2load has no QUIC): it is
#     built from crates.io only when asked (FLUXLAB_BUILD_OHA=1, bounded in time, at low priority), since its build
#     takes 10-60 min on two cores, more than this whole test run; otherwise one line says how, and the one test that
#     needs it (H3PeerRunTest) skips saying so.
#   - a JDK >= 21, found (not installed) by scripts/find-jdk.sh; none found: exit 3.
# Usage: scripts/test.sh [--check-tools | --skip-tool-check] [Maven arguments, e.g. -pl fluxlab-loadgen -am -Dtest=...]
#   --check-tools      check (and install) the programs above, say so in one line, then exit without testing
#   --skip-tool-check  neither check nor install them (tests that need a missing one fail)
set -euo pipefail
root=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)

# command the tests run -> the Debian package that provides it
tools=(wrk h2load ab chromium python3)
packages=(wrk nghttp2-client apache2-utils chromium python3)
# as root the host tests also build namespace hosts (scripts/lab-hosts.sh): sshd inside each, ssh and ip from here
if [ "$(id -u)" -eq 0 ]; then
  tools+=(sshd ssh ip)
  packages+=(openssh-server openssh-client iproute2)
fi

missing_packages() {
  local i
  for i in "${!tools[@]}"; do
    command -v "${tools[$i]}" >/dev/null 2>&1 || printf '%s\n' "${packages[$i]}"
  done
}

# Installs the packages named in "$@" with apt-get as root or through passwordless sudo, or exits 3 saying how to.
install_packages() {
  local as=() log status
  if [ "$(id -u)" -ne 0 ]; then
    if sudo -n true >/dev/null 2>&1; then
      as=(sudo -n)
    else
      echo "test.sh: the tests need the Debian packages $*; install them with 'sudo apt-get install -y $*' (or run scripts/test.sh as root or with passwordless sudo, which installs them)" >&2
      exit 3
    fi
  fi
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "test.sh: the tests need $* (Debian package names) and there is no apt-get here; install wrk, h2load (nghttp2), ab (Apache's tools), chromium and python3 with this system's package manager" >&2
    exit 3
  fi
  echo "test.sh: installing $* from Debian's packages" >&2
  log=$(mktemp)
  status=0
  { "${as[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
    "${as[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@"; } >"$log" 2>&1 || status=$?
  if [ "$status" -ne 0 ]; then
    echo "test.sh: apt-get could not install $* (exit $status); its last lines:" >&2
    tail -n 20 "$log" >&2
    rm -f "$log"
    exit 3
  fi
  rm -f "$log"
}

ensure_tools() {
  local need
  mapfile -t need < <(missing_packages)
  [ ${#need[@]} -eq 0 ] && return 0
  install_packages "${need[@]}"
  mapfile -t need < <(missing_packages)
  if [ ${#need[@]} -gt 0 ]; then
    echo "test.sh: apt-get installed ${need[*]}, but their commands are still not on the PATH ($PATH)" >&2
    exit 3
  fi
}

# oha, the HTTP/3 peer (OhaInjector): the release and feature the lab drives, built from crates.io
oha_install=(install oha --version 1.16.0 --features http3 --locked)
oha_build_limit=${FLUXLAB_OHA_BUILD_LIMIT:-1800}   # seconds; on a 2-core machine under ~20 other jobs it took >70 min
# the build's artifacts are kept here, so a build cut short by the limit goes on where it stopped next time
oha_target_dir=${FLUXLAB_OHA_TARGET_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/fluxlab/oha-build}

# With FLUXLAB_BUILD_OHA=1 builds oha into /usr/local/bin (as root) or ~/.cargo/bin when it is missing; never fails
# the tests: says why in one line.
ensure_oha() {
  command -v oha >/dev/null 2>&1 && return 0
  if [ "${FLUXLAB_BUILD_OHA:-0}" != 1 ]; then
    echo "test.sh: oha (the HTTP/3 peer) is not installed, so the h3 peer test skips; its build from crates.io takes 10-60 min on 2 cores, so it is not built unless asked: 'FLUXLAB_BUILD_OHA=1 scripts/test.sh --check-tools' (or 'cargo ${oha_install[*]}')" >&2
    return 0
  fi
  local cargo root log status
  cargo=$(command -v cargo || true)
  [ -z "$cargo" ] && [ -x "$HOME/.cargo/bin/cargo" ] && cargo=$HOME/.cargo/bin/cargo
  if [ -z "$cargo" ]; then
    echo "test.sh: oha (the HTTP/3 peer) is not installed and there is no cargo to build it: the h3 peer tests skip; install it with 'cargo ${oha_install[*]}'" >&2
    return 0
  fi
  if [ "$(id -u)" -eq 0 ]; then root=/usr/local; else root=$HOME/.cargo; fi
  echo "test.sh: building oha (the HTTP/3 peer) with 'cargo ${oha_install[*]} --root $root' (at most ${oha_build_limit} s)" >&2
  log=$(mktemp)
  status=0
  mkdir -p "$oha_target_dir"
  CARGO_TARGET_DIR=$oha_target_dir nice -n 19 timeout "$oha_build_limit" "$cargo" "${oha_install[@]}" --root "$root" \
    >"$log" 2>&1 || status=$?
  if [ "$status" -ne 0 ] || ! command -v oha >/dev/null 2>&1; then
    echo "test.sh: oha could not be built (exit $status$([ "$status" -eq 124 ] && echo ": over ${oha_build_limit} s, the next run goes on from $oha_target_dir"); last line: $(tail -n 1 "$log")), or $root/bin is not on the PATH: the h3 peer tests skip" >&2
  fi
  rm -f "$log"
}

check_tools=1
case "${1:-}" in
  --check-tools) ensure_tools; ensure_oha; echo "test.sh: every program the tests drive is on the PATH: ${tools[*]}"; exit 0 ;;
  --skip-tool-check) check_tools=0; shift ;;
esac
# the JDK first: it installs nothing, so a machine without one is left as it was
# shellcheck source=find-jdk.sh
. "$root/scripts/find-jdk.sh"
fluxlab_require_jdk
if [ "$check_tools" = 1 ]; then ensure_tools; ensure_oha; fi
cd "$root"
exec ./mvnw -B -ntp verify "$@"
