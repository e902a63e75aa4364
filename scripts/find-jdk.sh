# shellcheck shell=bash
# Sourced by ./fluxlab, .ci/run and scripts/test.sh. Defines fluxlab_require_jdk, which finds a JDK whose major
# version is >= FLUXLAB_MIN_JAVA (default 21), exports it as JAVA_HOME (and FLUXLAB_JAVA_MAJOR), or exits 3 with
# one clear message. Order: $JAVA_HOME if suitable, then the JDK of `javac` on PATH, then the newest JDK under /usr/lib/jvm
# (or $FLUXLAB_JVM_DIR). Nothing is written anywhere (no temporary file: a missing TMPDIR does not matter).

# Sets FLUXLAB_PROBE_MAJOR to the major version of the java binary $1 (0 when it does not start); the first binary
# that does not start is remembered in FLUXLAB_JDK_BROKEN ("path: the last line it printed", e.g. a memory limit the
# JVM cannot reserve under) for fluxlab_require_jdk's message.
fluxlab_probe_java() {
  local out v
  # ErrorFile: a JVM that crashes at start-up (e.g. under a low `ulimit -v`) leaves no hs_err file in the user's folder
  out=$("$1" -XX:ErrorFile=/dev/null -XX:ReplayDataFile=/dev/null -XshowSettings:properties -version 2>&1) || true
  v=$(printf '%s\n' "$out" | sed -n 's/^ *java\.specification\.version = //p' | head -n1)
  FLUXLAB_PROBE_ERROR=""
  case "$v" in
    1.*) FLUXLAB_PROBE_MAJOR=$(echo "${v#1.}" | cut -d. -f1) ;;
    "") FLUXLAB_PROBE_MAJOR=0
        FLUXLAB_PROBE_ERROR=$(printf '%s\n' "$out" | grep -v '^[[:space:]]*$' | grep -v '^#' | tail -n1)
        # a JVM that cannot reserve its memory may say so only in its '#' crash banner
        [ -n "$FLUXLAB_PROBE_ERROR" ] || FLUXLAB_PROBE_ERROR=$(printf '%s\n' "$out" | sed -n 's/^# \([A-Za-z].*\)/\1/p' | head -n1)
        [ -n "$FLUXLAB_PROBE_ERROR" ] || FLUXLAB_PROBE_ERROR="it printed no version"
        if [ -z "${FLUXLAB_JDK_BROKEN:-}" ]; then FLUXLAB_JDK_BROKEN="$1: $FLUXLAB_PROBE_ERROR"; fi ;;
    *) FLUXLAB_PROBE_MAJOR="${v%%.*}" ;;
  esac
}

# Sets FLUXLAB_JDK_HOME and FLUXLAB_JAVA_MAJOR to the JDK to use, or returns 1 (FLUXLAB_JDK_BROKEN then says whether
# a JDK was there but did not start).
fluxlab_find_jdk() {
  local min=${FLUXLAB_MIN_JAVA:-21} best="" best_major=0 home candidates=()
  FLUXLAB_JDK_BROKEN=""
  if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ] && [ -x "$JAVA_HOME/bin/javac" ]; then
    candidates+=("$JAVA_HOME")
  fi
  if command -v javac >/dev/null 2>&1; then
    candidates+=("$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")")
  fi
  for home in "${candidates[@]}"; do
    [ -x "$home/bin/java" ] || continue
    fluxlab_probe_java "$home/bin/java"
    if [ "$FLUXLAB_PROBE_MAJOR" -ge "$min" ]; then
      FLUXLAB_JDK_HOME=$home; FLUXLAB_JAVA_MAJOR=$FLUXLAB_PROBE_MAJOR; return 0
    fi
  done
  for home in "${FLUXLAB_JVM_DIR:-/usr/lib/jvm}"/*; do
    [ -x "$home/bin/java" ] && [ -x "$home/bin/javac" ] || continue
    [ -L "$home" ] && continue
    fluxlab_probe_java "$home/bin/java"
    if [ "$FLUXLAB_PROBE_MAJOR" -ge "$min" ] && [ "$FLUXLAB_PROBE_MAJOR" -gt "$best_major" ]; then
      best=$home; best_major=$FLUXLAB_PROBE_MAJOR
    fi
  done
  if [ -n "$best" ]; then FLUXLAB_JDK_HOME=$best; FLUXLAB_JAVA_MAJOR=$best_major; return 0; fi
  return 1
}

fluxlab_require_jdk() { # exports JAVA_HOME and FLUXLAB_JAVA_MAJOR, or exits with a clear message
  if ! fluxlab_find_jdk; then
    if [ -n "$FLUXLAB_JDK_BROKEN" ]; then
      echo "fluxlab: a JDK is installed but does not start here: $FLUXLAB_JDK_BROKEN" >&2
      echo "fluxlab: a process limit is the usual cause (ulimit -v is $(ulimit -v), ulimit -u is $(ulimit -u)); raise it, e.g. 'ulimit -v unlimited', and run again." >&2
    else
      echo "fluxlab: no JDK ${FLUXLAB_MIN_JAVA:-21} or newer found (looked at \$JAVA_HOME, javac on PATH and ${FLUXLAB_JVM_DIR:-/usr/lib/jvm}/*)." >&2
      echo "fluxlab: install one (e.g. 'apt-get install openjdk-21-jdk' or a Temurin 21/25 JDK) or set JAVA_HOME to it." >&2
    fi
    exit 3
  fi
  JAVA_HOME=$FLUXLAB_JDK_HOME
  export JAVA_HOME FLUXLAB_JAVA_MAJOR
  export PATH="$JAVA_HOME/bin:$PATH"
}
