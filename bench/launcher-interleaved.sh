#!/usr/bin/env bash
# Compares two `collapse ... --controlled` launcher processes that both keep running while the load moves from one
# to the other: each warms up (one after the other), then each round measures one window of each, A then B, then
# B then A, ..., while the other process's load is stopped. A round's two windows are seconds apart on an otherwise
# idle machine, so slow changes of the machine's speed move both alike, and neither process shares the cores with the
# other while it is measured (bench/launcher-pair.sh runs both at once). Each JVM set is a new start of both
# processes, so the differences between JVM starts are sampled too. The first command is the reference.
#
# usage: bench/launcher-interleaved.sh "REFERENCE ARGS" "OTHER ARGS"     (from the repository root)
#   e.g. U="--scenario client --keys unique --warmup 30 --duration 10 --controlled"
#        bench/launcher-interleaved.sh "collapse --mode off $U" "collapse --mode on $U"
# environment: JAR, OTHER_JAR (the other command's launcher build; default JAR), JVM_SETS=2, ROUNDS=6,
#              JVM_OPTS="-Xms512m -Xmx512m"
#
# Prints each window's summary line, then the median and range over all rounds of cpu_other / cpu_reference and of
# rps_other / rps_reference (each ratio within one round), and the CPU ratio's median per JVM set.
set -euo pipefail
cd "$(dirname "$0")/.."

JAR=${JAR:-brisk-benchmarks/target/brisk-benchmarks.jar}
OTHER_JAR=${OTHER_JAR:-$JAR}
JVM_SETS=${JVM_SETS:-2}
ROUNDS=${ROUNDS:-6}
JVM_OPTS=${JVM_OPTS:-"-Xms512m -Xmx512m"}
[ $# -eq 2 ] || { echo "usage: bench/launcher-interleaved.sh \"REFERENCE ARGS\" \"OTHER ARGS\"" >&2; exit 2; }
[[ $1 == *--controlled* && $2 == *--controlled* ]] || { echo "both commands need --controlled" >&2; exit 2; }
[ -f "$JAR" ] || { echo "missing $JAR: build it with mvn -q -Pbenchmarks -pl brisk-benchmarks -am package -DskipTests" >&2; exit 1; }
RESULTS=bench/results
mkdir -p "$RESULTS"
RAW="$RESULTS/launcher-interleaved-$(date +%Y%m%d-%H%M%S).tsv"
WORK=$(mktemp -d)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$WORK"; }
trap cleanup EXIT

# start NAME JAR ARGS: starts the process with a FIFO as its standard input (kept open on fd 3 or 4), waits for ready
start() {
  local name=$1 jar=$2 args=$3 fd=$4
  mkfifo "$WORK/$name.in"
  # shellcheck disable=SC2086
  java $JVM_OPTS -jar "$jar" $args <"$WORK/$name.in" >"$WORK/$name.out" 2>&1 &
  pids+=($!)
  eval "exec $fd>\"$WORK/$name.in\""
  wait_lines "$name" 1 "ready"
}

# wait_lines NAME N PATTERN: waits until the process's output holds N lines matching PATTERN
wait_lines() {
  local name=$1 n=$2 pattern=$3
  until [ "$(grep -c -E "$pattern" "$WORK/$name.out" || true)" -ge "$n" ]; do
    if grep -q -E 'Exception|Error' "$WORK/$name.out"; then cat "$WORK/$name.out" >&2; exit 1; fi
    sleep 0.2
  done
}

# measure NAME FD N: asks for one window and prints its summary line (the N-th of that process)
measure() {
  local name=$1 fd=$2 n=$3
  echo measure >&"$fd"
  wait_lines "$name" "$n" '^rps='
  grep -E '^rps=' "$WORK/$name.out" | sed -n "${n}p"
}

echo "# launcher commands measured interleaved $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, $(java -version 2>&1 | head -1)"
echo "- reference: java $JVM_OPTS -jar $JAR $1"
echo "- other:     java $JVM_OPTS -jar $OTHER_JAR $2"
: >"$RAW"
for set in $(seq "$JVM_SETS"); do
  pids=()
  rm -f "$WORK"/*
  start ref "$JAR" "$1" 3
  start other "$OTHER_JAR" "$2" 4
  for round in $(seq "$ROUNDS"); do
    if (( round % 2 )); then
      ref_line=$(measure ref 3 "$round"); other_line=$(measure other 4 "$round")
    else
      other_line=$(measure other 4 "$round"); ref_line=$(measure ref 3 "$round")
    fi
    printf '%s\t%s\t%s\t%s\n' "$set" "$round" "$ref_line" "$other_line" >>"$RAW"
    echo "  set $set round $round reference: $ref_line"
    echo "  set $set round $round other:     $other_line"
  done
  exec 3>&- 4>&-
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
done
pids=()

python3 - "$RAW" <<'PY'
import sys, statistics, re, collections
def fields(line):
    return {k: float(v) for k, v in re.findall(r'(\w+)=([0-9.]+)', line)}
cpu, rps, per_set = [], [], collections.defaultdict(list)
for line in open(sys.argv[1]):
    jvm_set, _, ref, other = line.rstrip('\n').split('\t')
    ref, other = fields(ref), fields(other)
    cpu.append(other['cpu_us'] / ref['cpu_us'])
    rps.append(other['rps'] / ref['rps'])
    per_set[jvm_set].append(cpu[-1])
med = statistics.median
print()
print("| rounds | CPU ratio other/reference (min–max) | per JVM set | rps ratio other/reference (min–max) |")
print("|---:|---:|---|---:|")
sets = ", ".join(f"{med(v):.3f}" for _, v in sorted(per_set.items(), key=lambda kv: int(kv[0])))
print(f"| {len(cpu)} | {med(cpu):.3f} ({min(cpu):.3f}–{max(cpu):.3f}) | {sets} | {med(rps):.3f} ({min(rps):.3f}–{max(rps):.3f}) |")
PY
echo "raw rounds: $RAW" >&2
