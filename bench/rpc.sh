#!/usr/bin/env bash
# Compares RPC implementations on the classic rpc-benchmark's UserService (`rpc <impl> serve|call`), the way
# the measuring rules (docs/benchmarks.md) ask: the server pinned to core 0, the caller pinned to core 1, same JVM flags, warm-up,
# implementations alternated A B A B ..., medians per implementation and the median of the per-round ratios.
# The figure that matters is the server's CPU time per call (user + sys ticks of the server process from
# /proc/PID/stat over the caller's measured window, divided by the calls completed in it); rps and p99 come from the
# caller's summary line, and the caller's own CPU per call is reported beside them.
#
# usage: bench/rpc.sh             (from the repository root, after building both launchers:
#                                   mvn -q -Pbenchmarks -pl brisk-benchmarks -am package -DskipTests
#                                   mvn -q -Pbenchmarks -pl brisk-benchmarks-dubbo -am package -DskipTests)
# environment:
#   IMPLS="brisk grpc dubbo"      first one is the reference the ratios are computed for; IMPL@NAME=JAR runs IMPL from
#                                 another build of the launcher: IMPLS="brisk brisk@before=/tmp/before.jar". A run that
#                                 fails (an implementation the jar does not have) is reported on stderr and left out.
#   METHODS="existUser createUser getUser listUser"
#   ROUNDS=3 WARMUP=10 DURATION=10 THREADS=32 JVM_OPTS="-Xms512m -Xmx512m"
#
# Ratios are "how much better the reference is": server CPU per call other / reference, and rps reference / other.
set -euo pipefail
cd "$(dirname "$0")/.."

JAR=${JAR:-brisk-benchmarks/target/brisk-benchmarks.jar}
DUBBO_JAR=${DUBBO_JAR:-brisk-benchmarks-dubbo/target/brisk-benchmarks-dubbo.jar}
IMPLS=${IMPLS:-"brisk grpc dubbo"}
METHODS=${METHODS:-"existUser createUser getUser listUser"}
ROUNDS=${ROUNDS:-3}
WARMUP=${WARMUP:-10}
DURATION=${DURATION:-10}
THREADS=${THREADS:-32}
JVM_OPTS=${JVM_OPTS:-"-Xms512m -Xmx512m"}
CLK_TCK=$(getconf CLK_TCK)
RESULTS=bench/results
mkdir -p "$RESULTS"
RAW="$RESULTS/rpc-$(date +%Y%m%d-%H%M%S).tsv"
REPORT="${RAW%.tsv}.md"

[ -f "$JAR" ] || { echo "missing $JAR: build it with mvn -q -Pbenchmarks -pl brisk-benchmarks -am package -DskipTests" >&2; exit 1; }
case " $IMPLS " in
  *" dubbo "*) [ -f "$DUBBO_JAR" ] || {
    echo "missing $DUBBO_JAR: build it with mvn -q -Pbenchmarks -pl brisk-benchmarks-dubbo -am package -DskipTests" >&2; exit 1; } ;;
esac

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

# IMPL@NAME=JAR runs IMPL from another build of the launcher (a change against the commit before it)
jar_of() {
  case "$1" in
    *@*=*) echo "${1#*=}" ;;
    dubbo) echo "$DUBBO_JAR" ;;
    *) echo "$JAR" ;;
  esac
}
impl_of() { echo "${1%%@*}"; }

# waits until FILE has a line LINE, or until process PID has ended; fails in the second case
await_line() {
  local file=$1 line=$2 pid=$3
  until grep -s -q -x "$line" "$file"; do
    kill -0 "$pid" 2>/dev/null || return 1
    sleep 0.02
  done
}

# run_one IMPL METHOD -> prints "rps p50_ms p99_ms errors client_cpu_us server_cpu_us", or fails
run_one() {
  local impl=$1 method=$2 jar port log pid
  jar=$(jar_of "$impl")
  port=$(free_port)
  log=$(mktemp)
  # shellcheck disable=SC2086
  taskset -c 0 java $JVM_OPTS -jar "$jar" rpc "$(impl_of "$impl")" serve --port "$port" >"$log" 2>&1 &
  pid=$!
  for _ in $(seq 300); do
    grep -q "listening on" "$log" && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  if ! grep -q "listening on" "$log"; then
    echo "  server $impl did not start:" >&2
    grep -v -E '^(INFO|SLF4J|usage| )' "$log" | tail -3 >&2
    kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true
    rm -f "$log"
    return 1
  fi

  local out="$log.out" err="$log.err" caller status=0 before="" after=""
  # shellcheck disable=SC2086
  taskset -c 1 java $JVM_OPTS -jar "$jar" rpc "$(impl_of "$impl")" call --port "$port" --method "$method" \
    --threads "$THREADS" --warmup "$WARMUP" --duration "$DURATION" >"$out" 2>"$err" &
  caller=$!
  if await_line "$err" "measured window starts" "$caller"; then
    before=$(cpu_ticks "$pid")
    if await_line "$err" "measured window ends" "$caller"; then
      after=$(cpu_ticks "$pid")
    fi
  fi
  wait "$caller" || status=$?
  kill "$pid"; wait "$pid" 2>/dev/null || true
  local line
  line=$(grep '^rps=' "$out" | tail -1 || true)
  if [ "$status" -ne 0 ] || [ -z "$line" ] || [ -z "$after" ]; then
    echo "  caller $impl failed in $method (exit $status):" >&2
    grep -v -E '^(INFO|SLF4J|usage| |measured)' "$err" | head -3 >&2
    rm -f "$log" "$out" "$err"
    return 1
  fi
  rm -f "$log" "$out" "$err"
  echo "$line" | awk -v ticks=$((after - before)) -v hz="$CLK_TCK" -v duration="$DURATION" '{
    for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
    calls = (v["rps"] * duration) + v["errors"]
    if (calls == 0) { print "no calls completed" > "/dev/stderr"; exit 1 }
    printf "%s %s %s %s %s %.2f\n", v["rps"], v["p50_ms"], v["p99_ms"], v["errors"], v["cpu_us"],
      ticks * 1e6 / hz / calls
  }'
}

echo "# RPC benchmark $(date -u +%Y-%m-%dT%H:%MZ)" | tee "$REPORT"
{
  echo
  echo "- machine: $(nproc) cores, $(java -version 2>&1 | head -1), $(uname -r)"
  echo "- command: IMPLS=\"$IMPLS\" METHODS=\"$METHODS\" ROUNDS=$ROUNDS WARMUP=$WARMUP DURATION=$DURATION" \
       "THREADS=$THREADS bench/rpc.sh"
  echo "- server: taskset -c 0 java $JVM_OPTS -jar <launcher> rpc <impl> serve --port P"
  echo "- caller: taskset -c 1 java $JVM_OPTS -jar <launcher> rpc <impl> call --port P --method M" \
       "--threads $THREADS --warmup $WARMUP --duration $DURATION"
} | tee -a "$REPORT"

: >"$RAW"
for method in $METHODS; do
  for round in $(seq "$ROUNDS"); do
    for impl in $IMPLS; do
      if read -r rps p50 p99 errors client_cpu server_cpu < <(run_one "$impl" "$method"); then
        label=${impl%%=*}
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$method" "$round" "$label" "$rps" "$p50" "$p99" \
          "$server_cpu" "$client_cpu" "$errors" >>"$RAW"
        printf '  %-10s round %s %-12s rps=%-8s p50_ms=%-8s p99_ms=%-8s server_cpu_us=%-8s caller_cpu_us=%-8s errors=%s\n' \
          "$method" "$round" "$label" "$rps" "$p50" "$p99" "$server_cpu" "$client_cpu" "$errors" >&2
      fi
    done
  done
done

LABELS=$(for impl in $IMPLS; do printf '%s ' "${impl%%=*}"; done)
python3 - "$RAW" "$LABELS" <<'PY' | tee -a "$REPORT"
import sys, statistics, collections
raw, impls = sys.argv[1], sys.argv[2].split()
ref = impls[0]
rows = collections.defaultdict(dict)   # (method, round) -> impl -> (rps, p50, p99, server_cpu, client_cpu, errors)
order = []
for line in open(raw):
    method, rnd, impl, rps, p50, p99, server_cpu, client_cpu, errors = line.rstrip("\n").split("\t")
    rows[(method, rnd)][impl] = (float(rps), float(p50), float(p99), float(server_cpu), float(client_cpu), int(errors))
    if method not in order:
        order.append(method)
med = statistics.median
fmt = lambda xs: f"{med(xs):.2f} ({min(xs):.2f}–{max(xs):.2f})" if xs else ""
print()
print(f"Reference: {ref}. Ratios are medians of the per-round ratios (min–max).")
print()
print(f"| method | impl | rps (median) | p99 ms | server CPU µs/call | caller CPU µs/call "
      f"| server CPU ratio impl/{ref} | rps ratio {ref}/impl | errors |")
print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
for method in order:
    rounds = sorted({r for (m, r) in rows if m == method})
    for impl in impls:
        vals = [rows[(method, r)][impl] for r in rounds if impl in rows[(method, r)]]
        if not vals:
            print(f"| {method} | {impl} | no successful run | | | | | | |")
            continue
        paired = [r for r in rounds if impl in rows[(method, r)] and ref in rows[(method, r)]]
        cpu_ratio = rps_ratio = []
        if impl != ref:
            cpu_ratio = [rows[(method, r)][impl][3] / rows[(method, r)][ref][3] for r in paired]
            rps_ratio = [rows[(method, r)][ref][0] / rows[(method, r)][impl][0] for r in paired]
        print(f"| {method} | {impl} | {med(v[0] for v in vals):,.0f} | {med(v[2] for v in vals):.2f} | "
              f"{med(v[3] for v in vals):.1f} | {med(v[4] for v in vals):.1f} | {fmt(cpu_ratio)} | "
              f"{fmt(rps_ratio)} | {sum(v[5] for v in vals)} |")
PY
echo | tee -a "$REPORT"
echo "raw rounds: $RAW; report: $REPORT" >&2
