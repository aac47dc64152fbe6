#!/usr/bin/env bash
# Fuzzes the parsers with Jazzer, each fuzz test (@FuzzTest) for a bounded time in a JVM of its own.
#
# usage: scripts/fuzz.sh [seconds-per-target] [TestClass[#method] ...]
#   seconds-per-target  fuzzing time of each target (default 8: all nine in about 3 minutes, start-ups included)
#   TestClass[#method]  only these targets (default: all of TARGETS below)
# environment:
#   FUZZ_RUNS=N         stop each target after N inputs instead (the long run: FUZZ_RUNS=10000000; the time limit
#                       is then the seconds argument, so give a generous one)
#   FUZZ_TIMEOUT=S      an input that runs longer than S seconds is a finding (default 10)
#
# Each target runs its seed corpus (src/test/resources/<package>/<Class>Inputs/<method>/) and then fuzzes, growing a
# corpus in <module>/.cifuzz-corpus/ (ignored by git) that later runs on the same machine start from. A crash or an
# input over the time limit fails the run; Jazzer writes it as crash-<sha1> / timeout-<sha1> next to the seeds and
# prints it in Base64. The inputs each target executed are written to <module>/target/reliability/ (collected by
# scripts/reliability-report.py) and summed up at the end. Details: docs/fuzzing.md.
set -uo pipefail
cd "$(dirname "$0")/.."

# module:TestClass#method, one per fuzz test
TARGETS=(
  brisk-http:Http1HeadParserFuzzTest#parse
  brisk-http:ChunkedBodyFuzzTest#chunkedBody
  brisk-http:PathDecoderFuzzTest#decode
  brisk-http:FrameScannerFuzzTest#scan
  brisk-codec:MediaTypeFuzzTest#parse
  brisk-rest:RouterFuzzTest#lookup
  brisk-rpc:FrameDecoderFuzzTest#decode
  brisk-rpc:HelloFuzzTest#hello
  brisk-rpc:ArgumentsFuzzTest#read
)

seconds="${1:-8}"
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -lt 1 ]; then
  echo "usage: scripts/fuzz.sh [seconds-per-target] [TestClass[#method] ...]" >&2
  exit 2
fi
shift $(( $# > 0 ? 1 : 0 ))

selected=()
if [ $# -gt 0 ]; then
  for wanted in "$@"; do
    match=""
    for target in "${TARGETS[@]}"; do
      test="${target#*:}"
      if [ "$test" = "$wanted" ] || [ "${test%%#*}" = "$wanted" ]; then
        match="$target"
      fi
    done
    if [ -z "$match" ]; then
      echo "unknown target '$wanted'; targets: ${TARGETS[*]#*:}" >&2
      exit 2
    fi
    selected+=("$match")
  done
else
  selected=("${TARGETS[@]}")
fi

modules=()
tests=()
for target in "${selected[@]}"; do
  module="${target%%:*}"
  [[ " ${modules[*]} " == *" $module "* ]] || modules+=("$module")
  test="${target#*:}"
  tests+=("$test")
  rm -f "$module/target/reliability/${test%%#*}.tsv"
done
# the fuzz tests share brisk-http's test kit: keep brisk-http in the reactor (-am adds what the modules need, so
# nothing is taken from an earlier install)
[[ " ${modules[*]} " == *" brisk-http "* ]] || modules=(brisk-http "${modules[@]}")
module_list=$(IFS=,; echo "${modules[*]}")
test_list=$(IFS=,; echo "${tests[*]}")

args=(
  -B -ntp -fae -pl "$module_list" -am test
  "-Dtest=$test_list"
  -Dsurefire.failIfNoSpecifiedTests=false
  # one JVM per test class: Jazzer fuzzes a single @FuzzTest per JVM
  -DreuseForks=false
  "-Djazzer.max_duration=${seconds}s"
  # JUnit's own timeout stays off; Jazzer turns this default into libFuzzer's per-input -timeout
  -Djunit.jupiter.execution.timeout.mode=disabled
  "-Djunit.jupiter.execution.timeout.testtemplate.method.default=${FUZZ_TIMEOUT:-10}s"
)
if [ -n "${FUZZ_RUNS:-}" ]; then
  args+=("-Djazzer.max_executions=${FUZZ_RUNS}")
fi

echo "== fuzzing ${#tests[*]} target(s), ${seconds}s each${FUZZ_RUNS:+ or ${FUZZ_RUNS} inputs}: ${test_list}"
start=$(date +%s)
# Jazzer logs every class it instruments; leave those lines out of the log
JAZZER_FUZZ=1 mvn "${args[@]}" 2>&1 | sed -u -e '/^INFO: Instrumented /d' -e '/^INFO: Loaded [0-9]* hooks from /d'
status=${PIPESTATUS[0]}

echo
echo "== fuzzing done in $(( $(date +%s) - start ))s, maven exit code $status"
for target in "${selected[@]}"; do
  module="${target%%:*}"
  test="${target#*:}"
  class="${test%%#*}"
  row=$(grep -h -F "	${class}.${test#*#}	" "$module/target/reliability/${class}.tsv" 2>/dev/null | cut -f4)
  printf '%-40s %s\n' "$test" "${row:-no inputs recorded (failed or did not run)}"
done
findings=$(git status --porcelain --untracked-files=all -- '*/src/test/resources/*' \
  | sed -n 's/^?? //p' | grep -E '/(crash|timeout|slow-unit|leak)-[0-9a-f]+$' || true)
if [ -n "$findings" ]; then
  echo
  echo "== inputs of findings (not committed; see docs/fuzzing.md on reproducing them):"
  echo "$findings"
fi
exit "$status"
