#!/usr/bin/env bash
# Compares servers that all keep running while the load moves from one to the next: every server is started on
# core 0 and warmed up in turn, then each round loads one server at a time with wrk on core 1 (A B C, then C B A, ...),
# each for DURATION seconds, and takes that server's CPU time per request over its window. A server that is not
# loaded sits idle (its CPU over the others' windows is printed, to check). Compared with bench/http.sh (a new JVM per
# measurement, one after the other) the windows of one round are seconds apart, so the machine's slow drifts move
# every server of a round alike, and the servers stay warm: what a connection change costs the JIT (code compiled
# before the first new connections is thrown away and compiled again) is paid in the first round, not in every
# measurement. Compared with bench/http-pair.sh, only one server runs at a time, so none pays for sharing its core.
# Each JVM set is a new start of every server, so the differences between JVM starts are sampled too.
#
# usage: bench/http-interleaved.sh   (from the repository root, after building the launcher)
# environment:
#   IMPLS="brisk-rest-raw brisk-rest-full"   the first is the reference (IMPL@NAME=JAR as in http.sh)
#   SCENARIO=json JVM_SETS=2 ROUNDS=6 WARMUP=20 DURATION=10 CONNECTIONS=64 JVM_OPTS="-Xms512m -Xmx512m"
#   WRK_HEADER="Authorization: Basic ..."     a request header on every request (servers behind HTTP Basic)
#
# Prints every window, then per impl the median and range over all rounds of cpu_impl / cpu_reference and of
# rps_impl / rps_reference (each ratio within one round), and the median of each JVM set.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib/http-server.sh

IMPLS=${IMPLS:-"brisk-rest-raw brisk-rest-full"}
SCENARIO=${SCENARIO:-json}
JVM_SETS=${JVM_SETS:-2}
ROUNDS=${ROUNDS:-6}
WARMUP=${WARMUP:-20}
DURATION=${DURATION:-10}
CONNECTIONS=${CONNECTIONS:-64}
RAW="$RESULTS/http-interleaved-$(date +%Y%m%d-%H%M%S).tsv"
REPORT="${RAW%.tsv}.md"
wrk_args "$SCENARIO" "http://127.0.0.1" || exit 2 # an unknown scenario stops here, before any server starts

echo "# HTTP servers measured interleaved $(date -u +%Y-%m-%dT%H:%MZ)" | tee "$REPORT"
{
  echo
  echo "- machine: $(nproc) cores, $(java -version 2>&1 | head -1), $(uname -r)"
  echo "- command: ${WRK_HEADER:+WRK_HEADER=\"$WRK_HEADER\" }IMPLS=\"$IMPLS\" SCENARIO=$SCENARIO JVM_SETS=$JVM_SETS ROUNDS=$ROUNDS WARMUP=$WARMUP DURATION=$DURATION CONNECTIONS=$CONNECTIONS bench/http-interleaved.sh"
  echo "- every server: taskset -c 0 java $JVM_OPTS -jar $JAR serve <impl> $SERVER_ARGS; load, one server at a time: taskset -c 1 wrk -t1 -c$CONNECTIONS -d${DURATION}s --latency"
} | tee -a "$REPORT"

read -r -a impls <<<"$IMPLS"
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; }
trap cleanup EXIT
: >"$RAW"
for set in $(seq "$JVM_SETS"); do
  pids=(); urls=(); logs=()
  for impl in "${impls[@]}"; do
    start_server "$impl"
    pids+=("$SERVER_PID"); urls+=("http://127.0.0.1:$SERVER_PORT"); logs+=("$SERVER_LOG")
  done
  for i in "${!impls[@]}"; do
    wrk_args "$SCENARIO" "${urls[$i]}"
    taskset -c 1 wrk -t1 -c"$CONNECTIONS" -d"${WARMUP}s" "${WRK_ARGS[@]}" >/dev/null
  done
  for round in $(seq "$ROUNDS"); do
    order=("${!impls[@]}")
    if (( round % 2 == 0 )); then order=($(printf '%s\n' "${order[@]}" | tac)); fi
    for i in "${order[@]}"; do
      wrk_args "$SCENARIO" "${urls[$i]}"
      before=(); for pid in "${pids[@]}"; do before+=("$(cpu_ticks "$pid")"); done
      out=$(taskset -c 1 wrk -t1 -c"$CONNECTIONS" -d"${DURATION}s" --latency "${WRK_ARGS[@]}")
      after=(); for pid in "${pids[@]}"; do after+=("$(cpu_ticks "$pid")"); done
      idle=0
      for j in "${!pids[@]}"; do (( j == i )) || idle=$((idle + after[j] - before[j])); done
      rss=$(awk '/^VmRSS:/ { print $2 }' "/proc/${pids[$i]}/status")
      read -r rps p99 cpu requests errors rss_mib <<<"$(echo "$out" | wrk_summary $((after[i] - before[i])) "$rss")"
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$set" "$round" "${impls[$i]%%=*}" "$rps" "$p99" "$cpu" "$errors" \
        "$idle" >>"$RAW"
      printf '  set %s round %s %-28s rps=%-10s p99_ms=%-8s cpu_us=%-7s errors=%s idle_others_ticks=%s\n' \
        "$set" "$round" "${impls[$i]%%=*}" "$rps" "$p99" "$cpu" "$errors" "$idle" >&2
    done
  done
  for pid in "${pids[@]}"; do stop_server "$pid"; done
  rm -f "${logs[@]}"
done
pids=()

python3 - "$RAW" "${impls[0]%%=*}" <<'PY' | tee -a "$REPORT"
import sys, statistics, collections
raw, ref = sys.argv[1], sys.argv[2]
rounds = collections.defaultdict(dict)   # (set, round) -> impl -> (rps, p99, cpu, errors)
for line in open(raw):
    jvm_set, rnd, impl, rps, p99, cpu, errors, idle = line.rstrip('\n').split('\t')
    rounds[(jvm_set, rnd)][impl] = (float(rps), float(p99), float(cpu), int(errors))
med = statistics.median
impls = list(dict.fromkeys(i for r in rounds.values() for i in r))
print()
print(f"| impl | rounds | rps (median) | p99 ms (median) | CPU µs/req (median) | CPU ratio impl/{ref}, median (min–max) "
      f"| per JVM set | rps ratio impl/{ref}, median (min–max) | errors |")
print("|---|---:|---:|---:|---:|---:|---|---:|---:|")
for impl in impls:
    mine = [(k, r) for k, r in rounds.items() if impl in r and ref in r]
    rps = med(r[impl][0] for _, r in mine)
    p99 = med(r[impl][1] for _, r in mine)
    cpu_us = med(r[impl][2] for _, r in mine)
    errors = sum(r[impl][3] for _, r in mine)
    if impl == ref:
        print(f"| {impl} | {len(mine)} | {rps:,.0f} | {p99:.2f} | {cpu_us:.2f} | | | | {errors} |")
        continue
    cpu = [r[impl][2] / r[ref][2] for _, r in mine]
    rr = [r[impl][0] / r[ref][0] for _, r in mine]
    sets = sorted(set(k[0] for k, _ in mine), key=int)
    per_set = ", ".join(f"{med(r[impl][2] / r[ref][2] for k, r in mine if k[0] == s):.3f}" for s in sets)
    print(f"| {impl} | {len(mine)} | {rps:,.0f} | {p99:.2f} | {cpu_us:.2f} | {med(cpu):.3f} ({min(cpu):.3f}–{max(cpu):.3f}) "
          f"| {per_set} | {med(rr):.3f} ({min(rr):.3f}–{max(rr):.3f}) | {errors} |")
PY
echo | tee -a "$REPORT"
echo "raw windows: $RAW; report: $REPORT" >&2
