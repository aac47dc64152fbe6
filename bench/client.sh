#!/usr/bin/env bash
# Compares HTTP clients driven by the benchmark launcher (`client <impl>`), by the measuring rules (docs/benchmarks.md):
# the server pinned to core 0 (one IO thread), the client under test pinned to core 1, same JVM flags, warm-up,
# implementations alternated A B A B ..., medians per implementation and the median of the per-round ratios.
# The figure that matters is the client's own CPU time per request (cpu_us, printed by the client itself).
#
# usage: bench/client.sh          (from the repository root, after building both launchers:
#                                   mvn -q -Pbenchmarks -pl brisk-benchmarks -am package -DskipTests
#                                   mvn -q -f brisk-benchmarks-esa/pom.xml package)
# environment:
#   IMPLS="brisk vertx apache-hc5 esa-restclient okhttp reactor-netty jdk"   first one is the reference; IMPL@NAME=JAR
#                                 runs client IMPL from another build: IMPLS="brisk brisk@before=/tmp/before.jar"
#   SCENARIOS="hello echo-1024"   hello = GET /hello; echo-N = POST /echo with N bytes; h2-hello, h2-echo-N = the same
#                                 over h2c (prior knowledge; the JDK client upgrades) against H2_SERVER
#   H2_IMPLS="brisk okhttp jdk reactor-netty"   the clients run in h2-* scenarios
#   RATIOS=""                     e.g. "100 300 800": adds the async:sync ratio runs (RATIO_IMPLS, POST /echo with
#                                 RATIO_BODY bytes), one scenario per ratio
#   RATIO_IMPLS="brisk apache-hc5" RATIO_BODY=2
#   ROUNDS=3 WARMUP=10 DURATION=10 CONCURRENCY=64 JVM_OPTS="-Xms512m -Xmx512m"
#   SERVER=netty-raw H2_SERVER=brisk-http SERVER_ARGS="--io-threads 1"
#
# Ratios are "how much better the reference is": cpu_us other / cpu_us ref and rps ref / rps other. A run that fails
# (for instance a client without HTTP/2) is reported on stderr and left out.
set -euo pipefail
cd "$(dirname "$0")/.."

JAR=${JAR:-brisk-benchmarks/target/brisk-benchmarks.jar}
ESA_JAR=${ESA_JAR:-brisk-benchmarks-esa/target/brisk-benchmarks-esa.jar}
IMPLS=${IMPLS:-"brisk vertx apache-hc5 esa-restclient okhttp reactor-netty jdk"}
SCENARIOS=${SCENARIOS-"hello echo-1024"}   # set but empty: no closed-loop scenarios (ratio runs only)
H2_IMPLS=${H2_IMPLS:-"brisk okhttp jdk reactor-netty"}
RATIOS=${RATIOS:-""}
RATIO_IMPLS=${RATIO_IMPLS:-"brisk apache-hc5"}
RATIO_BODY=${RATIO_BODY:-2}
ROUNDS=${ROUNDS:-3}
WARMUP=${WARMUP:-10}
DURATION=${DURATION:-10}
CONCURRENCY=${CONCURRENCY:-64}
JVM_OPTS=${JVM_OPTS:-"-Xms512m -Xmx512m"}
SERVER=${SERVER:-netty-raw}
H2_SERVER=${H2_SERVER:-brisk-http}
SERVER_ARGS=${SERVER_ARGS:-"--io-threads 1"}
RESULTS=bench/results
mkdir -p "$RESULTS"
RAW="$RESULTS/client-$(date +%Y%m%d-%H%M%S).tsv"
REPORT="${RAW%.tsv}.md"

[ -f "$JAR" ] || { echo "missing $JAR: build it with mvn -q -Pbenchmarks -pl brisk-benchmarks -am package -DskipTests" >&2; exit 1; }
case " $IMPLS " in
  *" esa-restclient "*) [ -f "$ESA_JAR" ] || {
    echo "missing $ESA_JAR: build it with mvn -q -f brisk-benchmarks-esa/pom.xml package" >&2; exit 1; } ;;
esac

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# IMPL@NAME=JAR runs client IMPL from another build of the launcher (a change against the commit before it)
jar_of() {
  case "$1" in
    *@*=*) echo "${1#*=}" ;;
    esa-restclient) echo "$ESA_JAR" ;;
    *) echo "$JAR" ;;
  esac
}
client_of() { echo "${1%%@*}"; }

# impls_of SCENARIO -> the clients that run in it
impls_of() {
  case "$1" in
    h2-*) echo "$H2_IMPLS" ;;
    ratio-*) echo "$RATIO_IMPLS" ;;
    *) echo "$IMPLS" ;;
  esac
}

# run_one IMPL SCENARIO -> prints "rps p50_ms p99_ms errors cpu_us", or fails
run_one() {
  local impl=$1 scenario=$2 server=$SERVER port log pid
  local args=(--concurrency "$CONCURRENCY" --duration "$DURATION" --warmup "$WARMUP")
  local what=${scenario#h2-}
  case "$scenario" in
    h2-*) server=$H2_SERVER; args+=(--h2) ;;
  esac
  port=$(free_port)
  case "$what" in
    hello) args+=(--url "http://127.0.0.1:$port/hello") ;;
    echo-*) args+=(--url "http://127.0.0.1:$port/echo" --body "${what#echo-}") ;;
    ratio-*) args+=(--url "http://127.0.0.1:$port/echo" --body "$RATIO_BODY" --ratio "${what#ratio-}") ;;
    *) echo "unknown scenario $scenario" >&2; exit 2 ;;
  esac
  log=$(mktemp)
  # shellcheck disable=SC2086
  taskset -c 0 java $JVM_OPTS -jar "$JAR" serve "$server" --port "$port" $SERVER_ARGS >"$log" 2>&1 &
  pid=$!
  for _ in $(seq 100); do
    grep -q "listening on" "$log" && break
    kill -0 "$pid" 2>/dev/null || { echo "server $server died:" >&2; cat "$log" >&2; exit 1; }
    sleep 0.1
  done
  grep -q "listening on" "$log" || { echo "server $server did not start" >&2; kill "$pid"; exit 1; }

  local out status=0
  # shellcheck disable=SC2086
  out=$(taskset -c 1 java $JVM_OPTS -jar "$(jar_of "$impl")" client "$(client_of "$impl")" "${args[@]}" 2>"$log.client") || status=$?
  kill "$pid"; wait "$pid" 2>/dev/null || true
  local line
  line=$(echo "$out" | grep '^rps=' | tail -1 || true)
  if [ "$status" -ne 0 ] || [ -z "$line" ]; then
    echo "  client $impl failed in $scenario (exit $status):" >&2
    grep -v -E '^(INFO|SLF4J|usage| )' "$log.client" | head -3 >&2
    rm -f "$log" "$log.client"
    return 1
  fi
  rm -f "$log" "$log.client"
  echo "$line" | sed -E 's/rps=([^ ]+) p50_ms=([^ ]+) p99_ms=([^ ]+) errors=([^ ]+) cpu_us=([^ ]+)/\1 \2 \3 \4 \5/'
}

all_scenarios="$SCENARIOS"
for ratio in $RATIOS; do all_scenarios="$all_scenarios ratio-$ratio"; done

echo "# HTTP client benchmark $(date -u +%Y-%m-%dT%H:%MZ)" | tee "$REPORT"
{
  echo
  echo "- machine: $(nproc) cores, $(java -version 2>&1 | head -1), $(uname -r)"
  echo "- command: IMPLS=\"$IMPLS\" SCENARIOS=\"$SCENARIOS\" H2_IMPLS=\"$H2_IMPLS\" RATIOS=\"$RATIOS\"" \
       "RATIO_IMPLS=\"$RATIO_IMPLS\" RATIO_BODY=$RATIO_BODY ROUNDS=$ROUNDS WARMUP=$WARMUP DURATION=$DURATION" \
       "CONCURRENCY=$CONCURRENCY bench/client.sh"
  echo "- server: taskset -c 0 java $JVM_OPTS -jar $JAR serve $SERVER (h2: $H2_SERVER) $SERVER_ARGS"
  echo "- client: taskset -c 1 java $JVM_OPTS -jar <launcher> client <impl> --concurrency $CONCURRENCY" \
       "--warmup $WARMUP --duration $DURATION ..."
} | tee -a "$REPORT"

: >"$RAW"
for scenario in $all_scenarios; do
  for round in $(seq "$ROUNDS"); do
    for impl in $(impls_of "$scenario"); do
      if read -r rps p50 p99 errors cpu < <(run_one "$impl" "$scenario"); then
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$scenario" "$round" "${impl%%=*}" "$rps" "$p50" "$p99" "$cpu" "$errors" >>"$RAW"
        printf '  %-14s round %s %-15s rps=%-8s p50_ms=%-8s p99_ms=%-8s cpu_us=%-8s errors=%s\n' \
          "$scenario" "$round" "${impl%%=*}" "$rps" "$p50" "$p99" "$cpu" "$errors" >&2
      fi
    done
  done
done

# the reference of each kind of scenario: the first client of its list
refs="$(set -- $IMPLS; echo "$1") $(set -- $H2_IMPLS; echo "$1") $(set -- $RATIO_IMPLS; echo "$1")"
python3 - "$RAW" $refs <<'PY' | tee -a "$REPORT"
import sys, statistics, collections
raw, ref_h1, ref_h2, ref_ratio = sys.argv[1:5]
# the issue's targets: cpu_us other / cpu_us brisk at equal concurrency, with rps and p99 no worse
targets = {"vertx": 1.1, "apache-hc5": 1.4, "esa-restclient": 1.5, "okhttp": 3.0, "reactor-netty": 3.0, "jdk": 3.0}
rows = collections.defaultdict(dict)   # (scenario, round) -> impl -> (rps, p50, p99, cpu, errors)
order, impls_by_scenario = [], collections.defaultdict(list)
for line in open(raw):
    scenario, rnd, impl, rps, p50, p99, cpu, errors = line.rstrip("\n").split("\t")
    rows[(scenario, rnd)][impl] = (float(rps), float(p50), float(p99), float(cpu), int(errors))
    if scenario not in order:
        order.append(scenario)
    if impl not in impls_by_scenario[scenario]:
        impls_by_scenario[scenario].append(impl)
med = statistics.median
print()
print(f"Reference (ref): {ref_h1}; h2 scenarios: {ref_h2}; ratio scenarios: {ref_ratio}.")
print()
print("| scenario | impl | rps | p50 ms | p99 ms | CPU µs/req | CPU ratio impl/ref | rps ratio ref/impl "
      "| target (CPU) | met | errors |")
print("|---|---|---:|---:|---:|---:|---:|---:|---:|---|---:|")
for scenario in order:
    ref = ref_h2 if scenario.startswith("h2-") else ref_ratio if scenario.startswith("ratio-") else ref_h1
    impls = [ref] + [i for i in impls_by_scenario[scenario] if i != ref]
    rounds = sorted({r for (s, r) in rows if s == scenario})
    for impl in impls:
        vals = [rows[(scenario, r)][impl] for r in rounds if impl in rows[(scenario, r)]]
        if not vals:
            print(f"| {scenario} | {impl} | no successful run | | | | | | | | |")
            continue
        paired = [r for r in rounds if impl in rows[(scenario, r)] and ref in rows[(scenario, r)]]
        cpu_ratio = rps_ratio = None
        if impl != ref and paired:
            cpu_ratio = med(rows[(scenario, r)][impl][3] / rows[(scenario, r)][ref][3] for r in paired)
            rps_ratio = med(rows[(scenario, r)][ref][0] / rows[(scenario, r)][impl][0] for r in paired)
        p99 = med(v[2] for v in vals)
        target = targets.get(impl) if ref == "brisk" and impl != ref else None
        met = ""
        if target is not None and cpu_ratio is not None:
            ref_p99 = med(rows[(scenario, r)][ref][2] for r in paired)
            met = "yes" if cpu_ratio >= target and rps_ratio >= 1 and ref_p99 <= p99 else "no"
        fmt = lambda x: "" if x is None else f"{x:.2f}"
        print(f"| {scenario} | {impl} | {med(v[0] for v in vals):,.0f} | {med(v[1] for v in vals):.2f} | "
              f"{p99:.2f} | {med(v[3] for v in vals):.1f} | {fmt(cpu_ratio)} | {fmt(rps_ratio)} | "
              f"{'' if target is None else f'≥ {target}x'} | {met} | {sum(v[4] for v in vals)} |")
PY
echo | tee -a "$REPORT"
echo "raw rounds: $RAW; report: $REPORT" >&2
