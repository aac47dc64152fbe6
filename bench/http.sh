#!/usr/bin/env bash
# Compares HTTP servers served by the benchmark launcher, by the measuring rules (docs/benchmarks.md):
# server pinned to core 0, wrk pinned to core 1, same JVM flags, warm-up, implementations alternated
# A B A B ..., medians per implementation and the median of the per-round ratios.
#
# usage: bench/http.sh            (from the repository root, after building the launcher:
#                                   mvn -q -Pbenchmarks -pl brisk-benchmarks -am package -DskipTests)
# environment:
#   IMPLS="brisk-http netty-raw"   first one is the reference the ratios are computed for; IMPL@NAME=JAR runs IMPL
#                                  from another build of the launcher, e.g. to compare a change with the commit
#                                  before it: IMPLS="brisk-http brisk-http@before=/tmp/before.jar"; IMPL/TRANSPORT
#                                  runs IMPL on that transport (auto, io_uring, epoll, nio), overriding
#                                  SERVER_ARGS: IMPLS="brisk-http/io_uring brisk-http/epoll brisk-http/nio"
#   SCENARIOS="echo-16 echo-128 echo-512 echo-1024 echo-4096 echo-10240 hello-pipelined"
#   ROUNDS=3 WARMUP=10 DURATION=10 CONNECTIONS=64 JVM_OPTS="-Xms512m -Xmx512m"
#
# Ratios are "how much better the reference is": rps_ref / rps_other and cpu_other / cpu_ref,
# where cpu is the server's user+sys CPU time per request (from /proc/PID/stat) over the measured run; rss_mib is the
# server's resident memory (VmRSS) right after it, warmed up and under load.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib/http-server.sh

IMPLS=${IMPLS:-"brisk-http netty-raw"}
SCENARIOS=${SCENARIOS:-"echo-16 echo-128 echo-512 echo-1024 echo-4096 echo-10240 hello-pipelined"}
ROUNDS=${ROUNDS:-3}
WARMUP=${WARMUP:-10}
DURATION=${DURATION:-10}
CONNECTIONS=${CONNECTIONS:-64}
RAW="$RESULTS/http-$(date +%Y%m%d-%H%M%S).tsv"
REPORT="${RAW%.tsv}.md"



# run_one IMPL SCENARIO -> prints "rps p99_ms cpu_us requests errors rss_mib"
run_one() {
  local impl=$1 scenario=$2
  start_server "$impl"
  local pid=$SERVER_PID
  wrk_args "$scenario" "http://127.0.0.1:$SERVER_PORT" || { stop_server "$pid"; exit 2; }
  taskset -c 1 wrk -t1 -c"$CONNECTIONS" -d"${WARMUP}s" "${WRK_ARGS[@]}" >/dev/null
  local before after out rss_kib
  before=$(cpu_ticks "$pid")
  out=$(taskset -c 1 wrk -t1 -c"$CONNECTIONS" -d"${DURATION}s" --latency "${WRK_ARGS[@]}")
  after=$(cpu_ticks "$pid")
  rss_kib=$(awk '/^VmRSS:/ { print $2 }' "/proc/$pid/status")
  stop_server "$pid"
  rm -f "$SERVER_LOG"
  echo "$out" | wrk_summary $((after - before)) "$rss_kib"
}

echo "# HTTP server benchmark $(date -u +%Y-%m-%dT%H:%MZ)" | tee "$REPORT"
{
  echo
  echo "- machine: $(nproc) cores, $(java -version 2>&1 | head -1), $(uname -r)"
  echo "- command: IMPLS=\"$IMPLS\" SCENARIOS=\"$SCENARIOS\" ROUNDS=$ROUNDS WARMUP=$WARMUP DURATION=$DURATION CONNECTIONS=$CONNECTIONS bench/http.sh"
  echo "- server: taskset -c 0 java $JVM_OPTS -jar $JAR serve <impl> $SERVER_ARGS; load: taskset -c 1 wrk -t1 -c$CONNECTIONS -d${DURATION}s --latency"
} | tee -a "$REPORT"

: >"$RAW"
for scenario in $SCENARIOS; do
  for round in $(seq "$ROUNDS"); do
    for impl in $IMPLS; do
      read -r rps p99 cpu requests errors rss < <(run_one "$impl" "$scenario")
      label=${impl%%=*}
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$scenario" "$round" "$label" "$rps" "$p99" "$cpu" "$errors" \
        "$rss" >>"$RAW"
      printf '  %-16s round %s %-12s rps=%-10s p99_ms=%-8s cpu_us=%-7s errors=%s rss_mib=%s\n' \
        "$scenario" "$round" "$label" "$rps" "$p99" "$cpu" "$errors" "$rss" >&2
    done
  done
done

LABELS=$(for impl in $IMPLS; do printf '%s ' "${impl%%=*}"; done)
python3 - "$RAW" "$LABELS" <<'PY' | tee -a "$REPORT"
import sys, statistics, collections
raw, impls = sys.argv[1], sys.argv[2].split()
ref = impls[0]
rows = collections.defaultdict(dict)   # (scenario, round) -> impl -> (rps, p99, cpu, errors, rss)
order = []
for line in open(raw):
    scenario, rnd, impl, rps, p99, cpu, errors, rss = line.rstrip('\n').split('\t')
    rows[(scenario, rnd)][impl] = (float(rps), float(p99), float(cpu), int(errors), float(rss))
    if scenario not in order:
        order.append(scenario)
med = statistics.median
print()
print(f"| scenario | impl | rps (median) | p99 ms | CPU µs/req | rps ratio {ref}/impl (min–max) "
      f"| CPU ratio impl/{ref} (min–max) | errors | RSS after the run, MiB |")
print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
for scenario in order:
    rounds = [r for (s, r) in rows if s == scenario]
    for impl in impls:
        vals = [rows[(scenario, r)][impl] for r in rounds if impl in rows[(scenario, r)]]
        rps_ratio = [rows[(scenario, r)][ref][0] / rows[(scenario, r)][impl][0] for r in rounds]
        cpu_ratio = [rows[(scenario, r)][impl][2] / rows[(scenario, r)][ref][2] for r in rounds]
        ratio = "" if impl == ref else f"{med(rps_ratio):.2f} ({min(rps_ratio):.2f}–{max(rps_ratio):.2f})"
        cratio = "" if impl == ref else f"{med(cpu_ratio):.2f} ({min(cpu_ratio):.2f}–{max(cpu_ratio):.2f})"
        print(f"| {scenario} | {impl} | {med(v[0] for v in vals):,.0f} | {med(v[1] for v in vals):.2f} | "
              f"{med(v[2] for v in vals):.2f} | {ratio} | {cratio} | {sum(v[3] for v in vals)} | "
              f"{med(v[4] for v in vals):.1f} |")
PY
echo | tee -a "$REPORT"
echo "raw rounds: $RAW; report: $REPORT" >&2
