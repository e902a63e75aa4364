# shellcheck shell=bash
# Sourced by ./fluxlab, .ci/run and bench/*.sh. Defines fluxlab_find_jdk, which prints the home of a
# JDK whose major version is >= FLUXLAB_MIN_JAVA (default 21), or returns 1.
# Order: $JAVA_HOME if suitable, then `java` on PATH, then the newest JDK under /usr/lib/jvm
# (or $FLUXLAB_JVM_DIR). It also sets FLUXLAB_JAVA_MAJOR to the found JDK's major version.

fluxlab_java_major() { # $1 = path to a java binary; prints its major version
  local v
  v=$("$1" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = //p' | head -n1)
  case "$v" in
    1.*) echo "${v#1.}" | cut -d. -f1 ;;
    "") echo 0 ;;
    *) echo "${v%%.*}" ;;
  esac
}

fluxlab_find_jdk() {
  local min=${FLUXLAB_MIN_JAVA:-21} best="" best_major=0 home major
  if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ] && [ -x "$JAVA_HOME/bin/javac" ]; then
    major=$(fluxlab_java_major "$JAVA_HOME/bin/java")
    if [ "$major" -ge "$min" ]; then FLUXLAB_JAVA_MAJOR=$major; echo "$JAVA_HOME"; return 0; fi
  fi
  if command -v javac >/dev/null 2>&1; then
    home=$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")
    if [ -x "$home/bin/java" ]; then
      major=$(fluxlab_java_major "$home/bin/java")
      if [ "$major" -ge "$min" ]; then FLUXLAB_JAVA_MAJOR=$major; echo "$home"; return 0; fi
    fi
  fi
  for home in "${FLUXLAB_JVM_DIR:-/usr/lib/jvm}"/*; do
    [ -x "$home/bin/java" ] && [ -x "$home/bin/javac" ] || continue
    [ -L "$home" ] && continue
    major=$(fluxlab_java_major "$home/bin/java")
    if [ "$major" -ge "$min" ] && [ "$major" -gt "$best_major" ]; then best=$home; best_major=$major; fi
  done
  if [ -n "$best" ]; then FLUXLAB_JAVA_MAJOR=$best_major; echo "$best"; return 0; fi
  return 1
}

fluxlab_require_jdk() { # exports JAVA_HOME and FLUXLAB_JAVA_MAJOR, or exits with a clear message
  local out
  out=$(mktemp)
  if ! fluxlab_find_jdk >"$out"; then
    rm -f "$out"
    echo "fluxlab: no JDK ${FLUXLAB_MIN_JAVA:-21} or newer found (looked at \$JAVA_HOME, java on PATH and ${FLUXLAB_JVM_DIR:-/usr/lib/jvm}/*)." >&2
    echo "fluxlab: install one (e.g. 'apt-get install openjdk-21-jdk' or a Temurin 21/25 JDK) or set JAVA_HOME to it." >&2
    exit 3
  fi
  JAVA_HOME=$(cat "$out"); rm -f "$out"
  export JAVA_HOME FLUXLAB_JAVA_MAJOR
  export PATH="$JAVA_HOME/bin:$PATH"
}
