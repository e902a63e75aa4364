#!/usr/bin/env bash
# The project's test command (README.md, .ci/run): finds a JDK >= 21 and runs every module's tests.
# Extra arguments go to Maven, e.g. scripts/test.sh -pl fluxlab-loadgen -am -Dtest=...
set -euo pipefail
root=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
# shellcheck source=find-jdk.sh
. "$root/scripts/find-jdk.sh"
fluxlab_require_jdk
cd "$root"
exec ./mvnw -B -ntp verify "$@"
