#!/usr/bin/env bash
# Soak run: one server under full load for DURATION seconds with Netty's leak detector at PARANOID, sampled every
# INTERVAL seconds: throughput, errors (non-2xx responses and socket errors reported by wrk), the server's RSS
# (/proc/PID/status VmRSS), its heap (jstat: used, old generation, GC count) and LEAK lines in its log.
# Writes a markdown report (a table of samples over time, then totals) and the server log under bench/results/, and
# exits non-zero when there were errors or leaks.
#
# The load is a mix of endpoints driven by three wrk processes at once: GET /hello, GET /json and POST /echo with a
# BODY_SIZE body (bench/lua/post.lua). wrk runs in INTERVAL-long slices back to back, so every sample has its own
# request and error counts (connections are opened again at each slice).
#
# usage: bench/soak.sh            (from the repository root, after building the launcher:
#                                   mvn -q -Pbenchmarks -pl brisk-benchmarks -am package -DskipTests)
# environment:
#   IMPL=brisk-rest-raw            the REST framework's routes; any impl `serve` accepts (java -jar JAR lists them)
#   DURATION=600 INTERVAL=10 CONNECTIONS=96 (split over the three endpoints) BODY_SIZE=1024
#   JVM_OPTS="-Xms512m -Xmx512m" SERVER_ARGS="--io-threads 1"
#   SERVER_CPUS=0 LOAD_CPUS=1      taskset CPU lists for the server and for wrk, as bench/http.sh does
set -euo pipefail
cd "$(dirname "$0")/.."

JAR=${JAR:-brisk-benchmarks/target/brisk-benchmarks.jar}
IMPL=${IMPL:-brisk-rest-raw}
DURATION=${DURATION:-600}
INTERVAL=${INTERVAL:-10}
CONNECTIONS=${CONNECTIONS:-96}
BODY_SIZE=${BODY_SIZE:-1024}
JVM_OPTS=${JVM_OPTS:-"-Xms512m -Xmx512m"}
SERVER_ARGS=${SERVER_ARGS:-"--io-threads 1"}
SERVER_CPUS=${SERVER_CPUS:-0}
LOAD_CPUS=${LOAD_CPUS:-1}
RESULTS=bench/results
STAMP=$(date +%Y%m%d-%H%M%S)
REPORT="$RESULTS/soak-$STAMP.md"
SERVER_LOG="$RESULTS/soak-$STAMP-server.log"
SAMPLES="$RESULTS/soak-$STAMP.tsv"

[ -f "$JAR" ] || { echo "missing $JAR: build it with mvn -q -Pbenchmarks -pl brisk-benchmarks -am package -DskipTests" >&2; exit 1; }
command -v wrk >/dev/null || { echo "wrk is not installed (apt-get install wrk)" >&2; exit 1; }
command -v jstat >/dev/null || { echo "jstat (JDK) is not on the PATH" >&2; exit 1; }
[ "$INTERVAL" -gt 0 ] && [ "$DURATION" -ge "$INTERVAL" ] || { echo "need 0 < INTERVAL <= DURATION" >&2; exit 2; }
mkdir -p "$RESULTS"

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

PORT=$(free_port)
# shellcheck disable=SC2086
taskset -c "$SERVER_CPUS" java $JVM_OPTS -Dio.netty.leakDetection.level=PARANOID -jar "$JAR" serve "$IMPL" \
  --port "$PORT" $SERVER_ARGS >"$SERVER_LOG" 2>&1 &
PID=$!
WORK=$(mktemp -d)
cleanup() {
  kill "$PID" 2>/dev/null && wait "$PID" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT
for _ in $(seq 100); do
  grep -q "listening on" "$SERVER_LOG" && break
  kill -0 "$PID" 2>/dev/null || { echo "server $IMPL died:" >&2; cat "$SERVER_LOG" >&2; exit 1; }
  sleep 0.1
done
grep -q "listening on" "$SERVER_LOG" || { echo "server $IMPL did not start" >&2; exit 1; }

URL="http://127.0.0.1:$PORT"
PER_ENDPOINT=$(( CONNECTIONS / 3 > 0 ? CONNECTIONS / 3 : 1 ))
export BODY_SIZE

# one_slice SECONDS: runs the three wrk processes at once; prints "requests non2xx socket_errors"
one_slice() {
  local seconds=$1
  taskset -c "$LOAD_CPUS" wrk -t1 -c"$PER_ENDPOINT" -d"${seconds}s" "$URL/hello" >"$WORK/hello" 2>&1 &
  local a=$!
  taskset -c "$LOAD_CPUS" wrk -t1 -c"$PER_ENDPOINT" -d"${seconds}s" "$URL/json" >"$WORK/json" 2>&1 &
  local b=$!
  taskset -c "$LOAD_CPUS" wrk -t1 -c"$PER_ENDPOINT" -d"${seconds}s" -s bench/lua/post.lua "$URL/echo" \
    >"$WORK/echo" 2>&1 &
  local c=$!
  wait "$a" "$b" "$c" || true
  cat "$WORK/hello" "$WORK/json" "$WORK/echo" | awk '
    /requests in/ { requests += $1 }
    /Non-2xx or 3xx responses:/ { non2xx += $NF }
    /Socket errors:/ { for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+,?$/) { v = $i; sub(",", "", v); sockets += v } }
    END { printf "%d %d %d\n", requests, non2xx, sockets }'
}

# heap figures from jstat -gc, in MiB: "used old gc_count"
heap() {
  jstat -gc "$PID" | awk '
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    { used = $col["S0U"] + $col["S1U"] + $col["EU"] + $col["OU"]
      gcs = $col["YGC"] + $col["FGC"] + (("CGC" in col) ? $col["CGC"] : 0)
      printf "%.1f %.1f %d\n", used / 1024, $col["OU"] / 1024, gcs }'
}

rss_mib() { awk '/^VmRSS:/ { printf "%.1f\n", $2 / 1024 }' "/proc/$PID/status"; }
leaks() { grep -c "LEAK:" "$SERVER_LOG" || true; }

echo "soak: $IMPL on port $PORT (pid $PID) for ${DURATION}s, sampling every ${INTERVAL}s" >&2
: >"$SAMPLES"
elapsed=0
while [ "$elapsed" -lt "$DURATION" ]; do
  slice=$(( DURATION - elapsed < INTERVAL ? DURATION - elapsed : INTERVAL ))
  read -r requests non2xx sockets < <(one_slice "$slice")
  elapsed=$(( elapsed + slice ))
  kill -0 "$PID" 2>/dev/null || { echo "server died after ${elapsed}s, see $SERVER_LOG" >&2; exit 1; }
  read -r used old gcs < <(heap)
  rss=$(rss_mib)
  leak=$(leaks)
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$elapsed" "$slice" "$requests" "$non2xx" "$sockets" "$rss" \
    "$used" "$old" "$gcs" "$leak" >>"$SAMPLES"
  printf '  t=%4ss requests=%-8s non2xx=%-4s socket_errors=%-4s rss=%sMiB heap=%sMiB old=%sMiB leaks=%s\n' \
    "$elapsed" "$requests" "$non2xx" "$sockets" "$rss" "$used" "$old" "$leak" >&2
done

# Leaks are reported when a leaked buffer is collected: collect (and read the heap left), then allocate a little so
# the detector reports.
jcmd "$PID" GC.run >/dev/null 2>&1 || true
sleep 1
read -r final_used final_old _ < <(heap)
FINAL_RSS=$(rss_mib)
wrk -t1 -c4 -d2s "$URL/hello" >/dev/null 2>&1 || true
sleep 1
FINAL_LEAKS=$(leaks)

{
  echo "# Soak run $(date -u +%Y-%m-%dT%H:%MZ)"
  echo
  echo "- machine: $(nproc) cores, $(java -version 2>&1 | head -1), $(uname -r)"
  echo "- command: IMPL=$IMPL DURATION=$DURATION INTERVAL=$INTERVAL CONNECTIONS=$CONNECTIONS BODY_SIZE=$BODY_SIZE bench/soak.sh"
  echo "- server: taskset -c $SERVER_CPUS java $JVM_OPTS -Dio.netty.leakDetection.level=PARANOID -jar $JAR serve $IMPL $SERVER_ARGS"
  echo "- load: taskset -c $LOAD_CPUS, three wrk -t1 -c$PER_ENDPOINT at once: GET /hello, GET /json, POST /echo ($BODY_SIZE B body)"
  echo "- server log: $SERVER_LOG"
  echo
  echo "| t (s) | requests | req/s | non-2xx | socket errors | RSS MiB | heap used MiB | old gen MiB | GCs | LEAK lines |"
  echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
  awk -F'\t' '{ printf "| %s | %d | %.0f | %d | %d | %s | %s | %s | %d | %d |\n", $1, $3, $3 / $2, $4, $5, $6, $7, $8, $9, $10 }' \
    "$SAMPLES"
  echo
  awk -F'\t' -v leaks="$FINAL_LEAKS" -v frss="$FINAL_RSS" -v fused="$final_used" -v fold="$final_old" '
    NR == 1 { first_rss = $6; first_old = $8 }
    { requests += $3; seconds += $2; non2xx += $4; sockets += $5; if ($6 > max_rss) max_rss = $6; last_rss = $6 }
    END {
      print "## Totals"
      print ""
      printf "- requests: %d in %d s (%.0f req/s)\n", requests, seconds, requests / seconds
      printf "- errors: %d non-2xx responses, %d socket errors\n", non2xx, sockets
      printf "- LEAK lines in the server log (after a final GC): %d\n", leaks
      printf "- RSS: %s MiB at the first sample, %s MiB at the last, %s MiB at most; %s MiB after the final GC\n", first_rss, last_rss, max_rss, frss
      printf "- heap after the final GC: %s MiB used, %s MiB of it old generation (%s MiB old at the first sample)\n", fused, fold, first_old
      print ""
      verdict = (non2xx + sockets == 0 && leaks == 0) ? "PASS: no errors, no leaks" : "FAIL: errors or leaks, see above"
      print "**" verdict "**"
    }' "$SAMPLES"
} >"$REPORT"

cat "$REPORT"
echo "report: $REPORT; samples: $SAMPLES; server log: $SERVER_LOG" >&2
ERRORS=$(awk -F'\t' '{ e += $4 + $5 } END { print e + 0 }' "$SAMPLES")
[ "$ERRORS" -eq 0 ] && [ "$FINAL_LEAKS" -eq 0 ]
