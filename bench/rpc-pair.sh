#!/usr/bin/env bash
# Measures what one RPC build costs against another when both run at the same moment, as bench/http-pair.sh does for
# HTTP servers: the two servers share core 0, their two callers share core 1 and run at once, and each server's CPU
# time per call is taken over the same window. Whatever changes the machine's speed during a round (frequency,
# neighbours) changes both sides alike, so the per-round ratio moves far less than between rounds measured one after
# the other (bench/rpc.sh). Use it for small differences (a change that should cost a few percent); bench/rpc.sh
# remains the measurement against the peers.
#
# usage: bench/rpc-pair.sh        (from the repository root, after building the launcher)
# environment:
#   IMPLS="brisk brisk@before=/tmp/before.jar"   the first is the reference, the second is paired with it, in a new
#                                                set of four JVMs every round (IMPL@NAME=JAR as in bench/rpc.sh)
#   METHODS="existUser createUser getUser listUser" ROUNDS=8 WARMUP=10 DURATION=10 THREADS=32
#   JVM_OPTS="-Xms512m -Xmx512m"
#
# Prints per round the two servers' calls/s and CPU µs per call, then per method the median and range of
# cpu_other / cpu_reference (above 1: the other build does more work per call) and of rps_other / rps_reference.
set -euo pipefail
cd "$(dirname "$0")/.."

JAR=${JAR:-brisk-benchmarks/target/brisk-benchmarks.jar}
IMPLS=${IMPLS:-"brisk brisk@before=/tmp/before.jar"}
METHODS=${METHODS:-"existUser createUser getUser listUser"}
ROUNDS=${ROUNDS:-8}
WARMUP=${WARMUP:-10}
DURATION=${DURATION:-10}
THREADS=${THREADS:-32}
JVM_OPTS=${JVM_OPTS:-"-Xms512m -Xmx512m"}
CLK_TCK=$(getconf CLK_TCK)
RESULTS=bench/results
mkdir -p "$RESULTS"
RAW="$RESULTS/rpc-pair-$(date +%Y%m%d-%H%M%S).tsv"
REPORT="${RAW%.tsv}.md"

read -r -a impls <<<"$IMPLS"
[ "${#impls[@]}" -eq 2 ] || { echo "IMPLS names two builds: the reference and the other" >&2; exit 2; }
jar_of() { case "$1" in *@*=*) echo "${1#*=}" ;; *) echo "$JAR" ;; esac; }
impl_of() { echo "${1%%@*}"; }
label_of() { echo "${1%%=*}"; }
for impl in "${impls[@]}"; do
  [ -f "$(jar_of "$impl")" ] || { echo "missing $(jar_of "$impl")" >&2; exit 1; }
done

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
now() { date +%s.%N; }

# start_server IMPL -> sets SERVER_PID, SERVER_PORT, SERVER_LOG
start_server() {
  SERVER_PORT=$(free_port)
  SERVER_LOG=$(mktemp)
  # shellcheck disable=SC2086
  taskset -c 0 java $JVM_OPTS -jar "$(jar_of "$1")" rpc "$(impl_of "$1")" serve --port "$SERVER_PORT" \
    >"$SERVER_LOG" 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 300); do
    grep -q "listening on" "$SERVER_LOG" && return 0
    kill -0 "$SERVER_PID" 2>/dev/null || break
    sleep 0.1
  done
  echo "server $1 did not start:" >&2
  tail -3 "$SERVER_LOG" >&2
  return 1
}

# run_pair METHOD IMPL_A IMPL_B -> prints two lines "rps server_cpu_us caller_cpu_us errors", A's then B's
run_pair() {
  local method=$1 a=$2 b=$3
  start_server "$a"; local pid_a=$SERVER_PID port_a=$SERVER_PORT log_a=$SERVER_LOG
  start_server "$b"; local pid_b=$SERVER_PID port_b=$SERVER_PORT log_b=$SERVER_LOG
  local out_a err_a out_b err_b caller_a caller_b
  out_a=$(mktemp); err_a=$(mktemp); out_b=$(mktemp); err_b=$(mktemp)
  # shellcheck disable=SC2086
  taskset -c 1 java $JVM_OPTS -jar "$(jar_of "$a")" rpc "$(impl_of "$a")" call --port "$port_a" --method "$method" \
    --threads "$THREADS" --warmup "$WARMUP" --duration "$DURATION" >"$out_a" 2>"$err_a" & caller_a=$!
  # shellcheck disable=SC2086
  taskset -c 1 java $JVM_OPTS -jar "$(jar_of "$b")" rpc "$(impl_of "$b")" call --port "$port_b" --method "$method" \
    --threads "$THREADS" --warmup "$WARMUP" --duration "$DURATION" >"$out_b" 2>"$err_b" & caller_b=$!
  # the common window: from when both callers measure to when the first stops
  until grep -qs "measured window starts" "$err_a" && grep -qs "measured window starts" "$err_b"; do
    kill -0 "$caller_a" 2>/dev/null && kill -0 "$caller_b" 2>/dev/null || break
    sleep 0.02
  done
  local t0 before_a before_b t1 after_a after_b
  t0=$(now); before_a=$(cpu_ticks "$pid_a"); before_b=$(cpu_ticks "$pid_b")
  until grep -qs "measured window ends" "$err_a" || grep -qs "measured window ends" "$err_b"; do
    kill -0 "$caller_a" 2>/dev/null && kill -0 "$caller_b" 2>/dev/null || break
    sleep 0.02
  done
  after_a=$(cpu_ticks "$pid_a"); after_b=$(cpu_ticks "$pid_b"); t1=$(now)
  local status=0
  wait "$caller_a" || status=$?
  wait "$caller_b" || status=$?
  kill "$pid_a" "$pid_b"; wait "$pid_a" "$pid_b" 2>/dev/null || true
  local side out ticks
  for side in a b; do
    if [ "$side" = a ]; then out=$out_a ticks=$((after_a - before_a)); else out=$out_b ticks=$((after_b - before_b)); fi
    grep '^rps=' "$out" | tail -1 | awk -v ticks="$ticks" -v hz="$CLK_TCK" -v window="$(echo "$t1 - $t0" | bc -l)" '{
      for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
      calls = v["rps"] * window
      if (calls == 0) { print "no calls completed" > "/dev/stderr"; exit 1 }
      printf "%s %.2f %s %s\n", v["rps"], ticks * 1e6 / hz / calls, v["cpu_us"], v["errors"]
    }'
  done
  rm -f "$out_a" "$err_a" "$out_b" "$err_b" "$log_a" "$log_b"
  return "$status"
}

echo "# RPC builds measured in pairs $(date -u +%Y-%m-%dT%H:%MZ)" | tee "$REPORT"
{
  echo
  echo "- machine: $(nproc) cores, $(java -version 2>&1 | head -1), $(uname -r)"
  echo "- command: IMPLS=\"$IMPLS\" METHODS=\"$METHODS\" ROUNDS=$ROUNDS WARMUP=$WARMUP DURATION=$DURATION" \
       "THREADS=$THREADS bench/rpc-pair.sh"
  echo "- both servers: taskset -c 0 java $JVM_OPTS -jar <launcher> rpc <impl> serve; both callers, at once:" \
       "taskset -c 1 java $JVM_OPTS -jar <launcher> rpc <impl> call --threads $THREADS"
} | tee -a "$REPORT"

ref=${impls[0]} other=${impls[1]}
: >"$RAW"
for method in $METHODS; do
  for round in $(seq "$ROUNDS"); do
    # the server started first alternates, so neither side always has the other's JIT running beside its warm-up
    if (( round % 2 )); then first=$ref second=$other; else first=$other second=$ref; fi
    mapfile -t lines < <(run_pair "$method" "$first" "$second")
    [ "${#lines[@]}" -eq 2 ] || { echo "round $round of $method measured nothing" >&2; exit 1; }
    for i in 0 1; do
      if (( (i + round) % 2 )); then side=ref label=$ref; else side=other label=$other; fi
      read -r rps cpu caller errors <<<"${lines[$i]}"
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$method" "$round" "$side" "$rps" "$cpu" "$caller" "$errors" >>"$RAW"
      printf '  %-10s round %s %-16s rps=%-8s server_cpu_us=%-7s caller_cpu_us=%-7s errors=%s\n' \
        "$method" "$round" "$(label_of "$label")" "$rps" "$cpu" "$caller" "$errors" >&2
    done
  done
done

python3 - "$RAW" "$(label_of "$ref")" "$(label_of "$other")" <<'PY' | tee -a "$REPORT"
import sys, statistics, collections
raw, ref, other = sys.argv[1:4]
rounds = collections.defaultdict(dict)   # (method, round) -> side -> (rps, cpu, caller, errors)
for line in open(raw):
    method, rnd, side, rps, cpu, caller, errors = line.rstrip('\n').split('\t')
    rounds[(method, rnd)][side] = (float(rps), float(cpu), float(caller), int(errors))
med = statistics.median
def spread(values):
    return f"{med(values):.3f} ({min(values):.3f}–{max(values):.3f})"
print()
print(f"| call | rounds | server CPU µs/call {other} / {ref} | server CPU ratio {other}/{ref} (min–max) "
      f"| caller CPU ratio | rps ratio {other}/{ref} | errors |")
print("|---|---:|---:|---:|---:|---:|---:|")
for method in dict.fromkeys(m for (m, _) in rounds):
    rs = [p for (m, _), p in rounds.items() if m == method and len(p) == 2]
    print(f"| {method} | {len(rs)} | {med(p['other'][1] for p in rs):.2f} / {med(p['ref'][1] for p in rs):.2f} "
          f"| {spread([p['other'][1] / p['ref'][1] for p in rs])} "
          f"| {spread([p['other'][2] / p['ref'][2] for p in rs])} "
          f"| {spread([p['other'][0] / p['ref'][0] for p in rs])} | {sum(p['other'][3] + p['ref'][3] for p in rs)} |")
PY
echo | tee -a "$REPORT"
echo "raw rounds: $RAW; report: $REPORT" >&2
