#!/usr/bin/env bash
# Runs two launcher commands that print the summary line (client, collapse, rpc) at the same moment, round after
# round, and compares them within each round: both processes share the machine over the same window, so a change of
# the machine's speed during a round moves both alike and the per-round ratio stays far steadier than between runs
# made one after the other. The first command is the reference.
#
# usage: bench/launcher-pair.sh "REFERENCE ARGS" "OTHER ARGS"     (from the repository root)
#   e.g. bench/launcher-pair.sh "collapse --mode off --scenario client --keys unique --warmup 15 --duration 15" \
#                               "collapse --mode on --scenario client --keys unique --warmup 15 --duration 15"
# environment: JAR, OTHER_JAR (the other command's launcher build, to compare two builds; default JAR), ROUNDS=8,
#              JVM_OPTS="-Xms512m -Xmx512m"
#
# Prints each round's two summary lines, then the median and range of cpu_other / cpu_reference (cpu_us: each
# process's own CPU time per request) and of rps_other / rps_reference.
set -euo pipefail
cd "$(dirname "$0")/.."

JAR=${JAR:-brisk-benchmarks/target/brisk-benchmarks.jar}
OTHER_JAR=${OTHER_JAR:-$JAR}
ROUNDS=${ROUNDS:-8}
JVM_OPTS=${JVM_OPTS:-"-Xms512m -Xmx512m"}
[ $# -eq 2 ] || { echo "usage: bench/launcher-pair.sh \"REFERENCE ARGS\" \"OTHER ARGS\"" >&2; exit 2; }
[ -f "$JAR" ] || { echo "missing $JAR: build it with mvn -q -Pbenchmarks -pl brisk-benchmarks -am package -DskipTests" >&2; exit 1; }
RESULTS=bench/results
mkdir -p "$RESULTS"
RAW="$RESULTS/launcher-pair-$(date +%Y%m%d-%H%M%S).tsv"

summary() { grep -m1 -E '^rps=' "$1" || { echo "no summary line from: $2" >&2; cat "$1" >&2; exit 1; }; }

echo "# launcher commands measured in pairs $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, $(java -version 2>&1 | head -1)"
echo "- reference: java $JVM_OPTS -jar $JAR $1"
echo "- other:     java $JVM_OPTS -jar $OTHER_JAR $2"
: >"$RAW"
for round in $(seq "$ROUNDS"); do
  out_ref=$(mktemp); out_other=$(mktemp)
  # shellcheck disable=SC2086
  java $JVM_OPTS -jar "$JAR" $1 >"$out_ref" 2>&1 & pid_ref=$!
  # shellcheck disable=SC2086
  java $JVM_OPTS -jar "$OTHER_JAR" $2 >"$out_other" 2>&1 & pid_other=$!
  wait "$pid_ref" "$pid_other"
  ref_line=$(summary "$out_ref" "$1"); other_line=$(summary "$out_other" "$2")
  rm -f "$out_ref" "$out_other"
  printf '%s\t%s\t%s\n' "$round" "$ref_line" "$other_line" >>"$RAW"
  echo "  round $round reference: $ref_line"
  echo "  round $round other:     $other_line"
done

python3 - "$RAW" <<'PY'
import sys, statistics, re
def fields(line):
    return {k: float(v) for k, v in re.findall(r'(\w+)=([0-9.]+)', line)}
cpu, rps = [], []
for line in open(sys.argv[1]):
    _, ref, other = line.rstrip('\n').split('\t')
    ref, other = fields(ref), fields(other)
    cpu.append(other['cpu_us'] / ref['cpu_us'])
    rps.append(other['rps'] / ref['rps'])
med = statistics.median
print()
print("| rounds | CPU ratio other/reference (min–max) | rps ratio other/reference (min–max) |")
print("|---:|---:|---:|")
print(f"| {len(cpu)} | {med(cpu):.3f} ({min(cpu):.3f}–{max(cpu):.3f}) | {med(rps):.3f} ({min(rps):.3f}–{max(rps):.3f}) |")
PY
echo "raw rounds: $RAW" >&2
