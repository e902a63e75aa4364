#!/usr/bin/env bash
# The hostile cases of issue 38 (reliability, round 3) and their outcome, counted as the issue's probe counted them:
# bad inputs tried / held, faults injected / survived, cases with data lost. Each case is a test in the README test
# command (scripts/test.sh runs ./mvnw verify); this script reads their surefire reports.
#
#   scripts/hostile-probe.sh           read the reports of the last test run (each module's target/surefire-reports)
#   scripts/hostile-probe.sh --run     first run the unit-level cases (not the end-to-end ones of fluxlab-it, which
#                                      need the whole build and, for hosts, root: run ./mvnw verify for those)
#
# A case is held/survived when its test passed, FAILED when it failed, skipped (with the test's reason in its report)
# or not run when no report holds it. "data" marks cases where a failure means results lost or damaged.
set -euo pipefail
cd "$(dirname "$0")/.."

# kind | data | module | Class#method | what is done to fluxlab
CASES=$(cat <<'EOF'
fault||fluxlab-runner|HostPlatformHangTest#aDebuggerWaitingForItsDebuggerIsNamedAndStopped|1: jvm flag jdwp suspend=y keeps 'java -version' alive
fault||fluxlab-runner|HostPlatformHangTest#aChildInheritingTheOutputNeitherHangsTheCheckNorOutlivesIt|1: an agent forks a child holding the check's output
fault||fluxlab-runner|HostPlatformHangTest#anAgentThatNeverLetsTheJvmExitIsNamed|1: a -javaagent whose shutdown hook blocks
fault||fluxlab-runner|LogCapTest#aFloodingProcessKeepsItsHeadAndTailWithinTheCap|2: a child printing without end (log cap)
fault||fluxlab-runner|LogCapTest#aLineWithoutEndIsCut|2: one line without end
fault||fluxlab-runner|RepeatFiguresTest#aProcessMeasuredWithoutItsObservationIsNamed|3: a host's agent ended
fault||fluxlab-runner|RepeatFiguresTest#aProcessWithoutSamplesOrJitEntryIsWarnedOf|3: a process without CPU samples or JIT entry
fault||fluxlab-runner|HostAgentRestartTest#anAgentWhoseSessionDiedIsStartedAgainWatchingTheSameProcessesWithinBounds|3: an agent's session dropped 4 times
fault||fluxlab-it|HostsRunTest#aHostAgentThatDiesIsStartedAgainAndOnlyTheCellAcrossTheGapIsInvalid|3: a host's agent killed mid-cell (namespaces, root)
input||fluxlab-history|TrendHtmlMarkupTest#markupInTheDataKeepsTheDataBlockJson|4: '<!--' in labels of history --html
input||fluxlab-report|ScriptSafeJsonTest#anInlinedDataBlockIsJsonWithoutMarkup|4: markup in every inlined data block
input||fluxlab-loadgen|TargetGuardTest#anEnvironmentVariableDoesNotLiftTheGuard|5: FLUXLAB_LAB_ADDRESSES in the user's shell
input||fluxlab-loadgen|TargetGuardTest#theRunnersOptionPermitsItsHostsOnly|5: the runner's -D option, other addresses
fault||fluxlab-loadgen|H2FloodTest#aFloodingServerIsLeftAndNamed|6: GOAWAY, SETTINGS, PING, WINDOW_UPDATE floods (h2c)
input||fluxlab-runner|SshHostTest#everyProxyJumpHopChecksHostKeysStrictly|7: a user ssh config saying StrictHostKeyChecking no
input||fluxlab-model|SuiteHostsTest#aWorkDirBreakingTheRemoteCommandLineIsRefusedAtItsLine|8: work_dir with " : , \ $ `
input||fluxlab-report|HostileResultsTest#aProfileLinkLeavingTheFolderIsNoLink|9: '..' profile links in results.json
fault||fluxlab-cli|RunCommandTest#aHangupExits129|10: SIGHUP to a run
input|data|fluxlab-cli|RunCommandTest#aRefusedRunNeitherPrintsNorWritesTheHistoryIndex|10: a refused run and the history index
input||fluxlab-runner|ControlDirTest#aSymbolicLinkIsRefused|10: the ssh control directory a symbolic link
input||fluxlab-runner|ControlDirTest#aDirectoryOpenToOthersIsRefused|10: the ssh control directory open to others
fault||fluxlab-runner|SshHostTest#theWrapperLeavesNoTimerOrReaderBehind|10: the hosts wrapper's timer and input reader
fault|data|fluxlab-cli|HostileDiskTest#aDiskThatFillsDuringTheIndexWriteLosesNoResultsAndDamagesNoIndex|new: the disk fills during the history index write (tmpfs, root)
fault|data|fluxlab-cli|HostileDiskTest#aReadOnlyResultsFolderIsOneClearErrorOrJustRead|new: results on a read-only mount, report and compare (tmpfs, root)
fault||fluxlab-it|ClosingTargetRunTest#aTargetThatStopsListeningMakesItsCellInvalidByErrorClassAndTheRunGoesOn|new: a target closes its listening socket mid-run
fault||fluxlab-runner|ClockWatchTest#aJumpBetweenRoundsIsDatedAndTheCellMeasuredAcrossItIsWarned|new: a host's clock jumps between agent rounds
fault||fluxlab-runner|ClockWatchTest#theClockCheckKeepsOnlyTheProbesAfterAJump|new: a host's clock jumps during the clock check
fault||fluxlab-runner|TrialWindowsTest#aPhaseOutsideItsJobIsAClockJumpNotASpan|new: the injector machine's clock jumps during a trial window
EOF
)

if [[ ${1:-} == --run ]]; then
  export JAVA_HOME=${JAVA_HOME:-$(scripts/find-jdk.sh 2>/dev/null || true)}
  modules=$(echo "$CASES" | awk -F'|' '$3 != "fluxlab-it" {print $3}' | sort -u | paste -sd, -)
  tests=$(echo "$CASES" | awk -F'|' '$3 != "fluxlab-it" {print $4}' | paste -sd, -)
  ./mvnw -q -o -pl "$modules" -am test -Dtest="$tests" -Dsurefire.failIfNoSpecifiedTests=false \
    -Dmaven.test.failure.ignore=true >/dev/null 2>&1 || true
fi

outcome() { # module class method -> held | FAILED | skipped | not run
  local report
  report=$(ls "$1"/target/surefire-reports/TEST-*."$2".xml 2>/dev/null | head -1 || true)
  [[ -n $report ]] || { echo "not run"; return; }
  awk -v m="$3" '
    index($0, "<testcase name=\"" m "\"") || index($0, "<testcase name=\"" m "(") { found = 1; state = "held"
      if ($0 ~ /\/>[[:space:]]*$/) { print state; exit } next }
    found && /<(failure|error)/ { state = "FAILED" }
    found && /<skipped/ { state = "skipped" }
    found && /<\/testcase>/ { print state; exit }
    END { if (!found) print "not run" }' "$report"
}

inputs=0; inputs_held=0; faults=0; faults_survived=0; lost=0; skipped=0; notrun=0
while IFS='|' read -r kind data module test what; do
  cls=${test%%#*}; method=${test#*#}
  o=$(outcome "$module" "$cls" "$method")
  printf '%-8s %-6s %s  (%s)\n' "$o" "$kind" "$what" "$cls.$method"
  case $o in
    held) if [[ $kind == input ]]; then inputs=$((inputs + 1)); inputs_held=$((inputs_held + 1))
          else faults=$((faults + 1)); faults_survived=$((faults_survived + 1)); fi ;;
    FAILED) if [[ $kind == input ]]; then inputs=$((inputs + 1)); else faults=$((faults + 1)); fi
            [[ $data == data ]] && lost=$((lost + 1)) ;;
    skipped) skipped=$((skipped + 1)) ;;
    *) notrun=$((notrun + 1)) ;;
  esac
done <<< "$CASES"
echo
echo "bad inputs tried / held: $inputs / $inputs_held; faults injected / survived: $faults / $faults_survived;" \
  "cases with data lost: $lost; skipped: $skipped; not run: $notrun"
