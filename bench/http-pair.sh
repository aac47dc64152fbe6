#!/usr/bin/env bash
# Measures what one server costs against another when both run at the same moment: the two servers share core 0,
# two wrk processes on core 1 load them at once, and each server's CPU time per request is taken over the same
# window. Whatever changes the machine's speed during a round (frequency, neighbours) changes both sides alike, so
# the per-round ratio of CPU per request moves far less than between rounds measured one after the other
# (bench/http.sh). Use it for small differences (a feature that should cost a few percent); bench/http.sh remains
# the measurement the measuring rules describe (docs/benchmarks.md), and both are reported.
#
# usage: bench/http-pair.sh       (from the repository root, after building the launcher)
# environment:
#   IMPLS="brisk-rest-full-none brisk-rest-full"   the first is the reference; each other one is paired with it,
#                                                  in a new pair of JVMs every round (IMPL@NAME=JAR as in http.sh)
#   SCENARIO=json ROUNDS=8 WARMUP=15 DURATION=10 CONNECTIONS=32 (per server) JVM_OPTS="-Xms512m -Xmx512m"
#                                    SCENARIO=h2-hello or h2-echo-SIZE: HTTP/2 loaded by h2load (h2c with prior
#                                    knowledge; over TLS with SERVER_ARGS="--io-threads 1 --tls"), H2_STREAMS=1 per
#                                    connection; h2load reports no p99 (0 in the table)
#   WRK_HEADER="Authorization: Basic ..."     a request header on every request (servers behind HTTP Basic)
#
# Prints per round and pair the two servers' rps and CPU µs per request, then per impl the median and range of
# cpu_impl / cpu_reference (above 1: the impl does more work per request) and of rps_impl / rps_reference.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib/http-server.sh

IMPLS=${IMPLS:-"brisk-rest-full-none brisk-rest-full"}
SCENARIO=${SCENARIO:-json}
ROUNDS=${ROUNDS:-8}
WARMUP=${WARMUP:-15}
DURATION=${DURATION:-10}
CONNECTIONS=${CONNECTIONS:-32}
RAW="$RESULTS/http-pair-$(date +%Y%m%d-%H%M%S).tsv"
REPORT="${RAW%.tsv}.md"
load_check "$SCENARIO" || exit 2 # an unknown scenario stops here, before any server starts

# run_pair IMPL_A IMPL_B -> prints two lines "rps p99_ms cpu_us requests errors rss_mib", A's then B's
run_pair() {
  start_server "$1"
  local pid_a=$SERVER_PID log_a=$SERVER_LOG url_a
  url_a=$(server_url "$SERVER_PORT")
  start_server "$2"
  local pid_b=$SERVER_PID log_b=$SERVER_LOG url_b
  url_b=$(server_url "$SERVER_PORT")
  local load_a load_b
  run_load "$SCENARIO" "$url_a" "$WARMUP" "$CONNECTIONS" >/dev/null & load_a=$!
  run_load "$SCENARIO" "$url_b" "$WARMUP" "$CONNECTIONS" >/dev/null & load_b=$!
  wait "$load_a" "$load_b"
  local out_a out_b before_a before_b after_a after_b
  out_a=$(mktemp); out_b=$(mktemp)
  before_a=$(cpu_ticks "$pid_a"); before_b=$(cpu_ticks "$pid_b")
  run_load "$SCENARIO" "$url_a" "$DURATION" "$CONNECTIONS" >"$out_a" & load_a=$!
  run_load "$SCENARIO" "$url_b" "$DURATION" "$CONNECTIONS" >"$out_b" & load_b=$!
  wait "$load_a" "$load_b"
  after_a=$(cpu_ticks "$pid_a"); after_b=$(cpu_ticks "$pid_b")
  local rss_a rss_b
  rss_a=$(awk '/^VmRSS:/ { print $2 }' "/proc/$pid_a/status")
  rss_b=$(awk '/^VmRSS:/ { print $2 }' "/proc/$pid_b/status")
  stop_server "$pid_a"; stop_server "$pid_b"
  load_summary "$SCENARIO" $((after_a - before_a)) "$rss_a" <"$out_a"
  load_summary "$SCENARIO" $((after_b - before_b)) "$rss_b" <"$out_b"
  rm -f "$out_a" "$out_b" "$log_a" "$log_b"
}

echo "# HTTP servers measured in pairs $(date -u +%Y-%m-%dT%H:%MZ)" | tee "$REPORT"
{
  echo
  echo "- machine: $(nproc) cores, $(java -version 2>&1 | head -1), $(uname -r)"
  echo "- command: ${WRK_HEADER:+WRK_HEADER=\"$WRK_HEADER\" }IMPLS=\"$IMPLS\" SCENARIO=$SCENARIO ROUNDS=$ROUNDS WARMUP=$WARMUP DURATION=$DURATION CONNECTIONS=$CONNECTIONS bench/http-pair.sh"
  echo "- both servers: taskset -c 0 java $JVM_OPTS -jar $JAR serve <impl> $SERVER_ARGS; load, at once on each: taskset -c 1 $( [[ $SCENARIO == h2-* ]] && echo "h2load -t1 -c$CONNECTIONS -m${H2_STREAMS:-1} -D $DURATION" || echo "wrk -t1 -c$CONNECTIONS -d${DURATION}s --latency")"
} | tee -a "$REPORT"

read -r -a impls <<<"$IMPLS"
ref=${impls[0]}
: >"$RAW"
for round in $(seq "$ROUNDS"); do
  for impl in "${impls[@]:1}"; do
    # the server started first alternates, so neither side always has the other's JIT running beside its warm-up
    if (( round % 2 )); then first=$ref second=$impl; else first=$impl second=$ref; fi
    mapfile -t lines < <(run_pair "$first" "$second")
    [ "${#lines[@]}" -eq 2 ] || { echo "round $round of $impl measured nothing" >&2; exit 1; }
    for i in 0 1; do
      # side: which of the pair this line measured, by position (an impl may be paired with itself)
      if (( (i + round) % 2 )); then side=ref; label=$ref; else side=impl; label=$impl; fi
      read -r rps p99 cpu requests errors rss <<<"${lines[$i]}"
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$round" "${impl%%=*}" "$side" "$rps" "$p99" "$cpu" "$errors" \
        "$rss" >>"$RAW"
      printf '  round %s pair %-24s %-24s rps=%-10s p99_ms=%-8s cpu_us=%-7s errors=%s\n' \
        "$round" "${impl%%=*}" "${label%%=*}" "$rps" "$p99" "$cpu" "$errors" >&2
    done
  done
done

python3 - "$RAW" "${ref%%=*}" <<'PY' | tee -a "$REPORT"
import sys, statistics, collections
raw, ref = sys.argv[1], sys.argv[2]
pairs = collections.defaultdict(dict)   # (round, impl) -> side -> (rps, p99, cpu, errors)
for line in open(raw):
    rnd, impl, side, rps, p99, cpu, errors, rss = line.rstrip('\n').split('\t')
    pairs[(rnd, impl)][side] = (float(rps), float(p99), float(cpu), int(errors))
med = statistics.median
print()
print(f"| impl | rounds | CPU µs/req (median) | {ref} beside it | CPU ratio impl/{ref} (min–max) "
      f"| rps ratio impl/{ref} (min–max) | errors |")
print("|---|---:|---:|---:|---:|---:|---:|")
for impl in dict.fromkeys(i for (_, i) in pairs):
    rounds = [p for (r, i), p in pairs.items() if i == impl]
    cpu = [p['impl'][2] / p['ref'][2] for p in rounds]
    rps = [p['impl'][0] / p['ref'][0] for p in rounds]
    print(f"| {impl} | {len(rounds)} | {med(p['impl'][2] for p in rounds):.2f} | {med(p['ref'][2] for p in rounds):.2f} "
          f"| {med(cpu):.3f} ({min(cpu):.3f}–{max(cpu):.3f}) | {med(rps):.3f} ({min(rps):.3f}–{max(rps):.3f}) "
          f"| {sum(p['impl'][3] + p['ref'][3] for p in rounds)} |")
PY
echo | tee -a "$REPORT"
echo "raw rounds: $RAW; report: $REPORT" >&2
