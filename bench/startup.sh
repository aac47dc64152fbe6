#!/usr/bin/env bash
# Cold start: the time from starting `java` to the first HTTP 200, and the server's resident memory (VmRSS) right
# after that answer, for the minimal services of brisk-benchmarks (package dev.brisk.benchmarks.startup), each in a
# jar that holds only what such an application has on its class path. Server pinned to one core
# (taskset -c $CPU), the polling client on another, services alternated A B C A B C ..., a fresh JVM every round,
# median and min-max per service.
#
# usage: bench/startup.sh     (from the repository root, after building the jars:
#                               mvn -q -Pbenchmarks -pl brisk-benchmarks -am package -DskipTests)
# environment:
#   IMPLS="brisk-http brisk-rest netty"   brisk-http: HttpHello (GET /hello, text), brisk-rest: RestJson (one route
#                                          answering a JSON object written by Jackson), netty: Netty's hello world
#                                          server (the reference); also brisk-rest-text: RestText (one route answering
#                                          text); jdk-json: JdkJson (the JDK's own HTTP server answering the
#                                          same JSON with Jackson: the floor without Netty and Brisk);
#                                          spring-boot-brisk: the Spring Boot application of `serve
#                                          spring-boot-brisk` on brisk-spring-boot-starter, spring-mvc: the same
#                                          controller on spring-boot-starter-web (Tomcat), each in its own jar.
#                                          brisk-rest-cp: the JSON route of brisk-rest as an application runs it,
#                                          `java -cp <the jars Maven gives a project that depends on brisk-rest> Main`
#                                          (bench/startup-app, built here; needs brisk-rest installed in the local
#                                          repository: mvn -q install -DskipTests -pl brisk-rest -am).
#                                          IMPL@NAME=JAR runs the same service from another build, e.g. to
#                                          compare a change with the commit before it:
#                                          IMPLS="brisk-rest brisk-rest@before=/tmp/before/brisk-startup-rest.jar"
#   ROUNDS=10
#   VARIANTS="plain"   JVM flag sets, a row each: plain (no flags at all: users do not tune; the figure that counts),
#                      and for information c1 (-XX:TieredStopAtLevel=1), noshare (-Xshare:off: without the JDK's
#                      default class data sharing archive), appcds (an application class data sharing archive
#                      written by one training start with -XX:ArchiveClassesAtExit), aot (JDK 25: an AOT cache
#                      written by one training start with -XX:AOTCacheOutput; run with JAVA=<JDK 25>/bin/java), or
#                      NAME:FLAG,FLAG,... for any other flags, e.g. nojfr:-Dio.netty.jfr.enabled=false
#   JAVA=java CPU=0 POLL_CPU=1 TIMEOUT=30 (seconds a start may take before the run fails)
#
# The clock starts just before the shell starts `taskset -c $CPU java ...` and stops when the status line of the
# first answer to `GET /hello` has been read; the client retries connecting in a tight loop (bash /dev/tcp, no
# process per attempt). The CPU time is user + system time of all the server's threads until then (/proc/PID/stat,
# 10 ms ticks): the JIT compiler threads and the event loops compete with main for the one core, and this figure
# moves less than wall time when other processes load the machine. The report records the load average and the
# busiest other processes before and after the run.
set -euo pipefail
cd "$(dirname "$0")/.."

DIR=${DIR:-brisk-benchmarks/target}
IMPLS=${IMPLS:-"brisk-http brisk-rest netty"}
ROUNDS=${ROUNDS:-10}
VARIANTS=${VARIANTS:-plain}
JAVA=${JAVA:-java}
CPU=${CPU:-0}
POLL_CPU=${POLL_CPU:-1}
TIMEOUT=${TIMEOUT:-30}
CLK_TCK=$(getconf CLK_TCK)
RESULTS=bench/results
mkdir -p "$RESULTS"
RAW="$RESULTS/startup-$(date +%Y%m%d-%H%M%S).tsv"
REPORT="${RAW%.tsv}.md"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
APP=bench/startup-app

# the polling loop runs on its own core; the server is put on $CPU by taskset
taskset -pc "$POLL_CPU" $$ >/dev/null

# launch IMPL -> what follows the JVM flags on the java command line, before the port
launch() {
  local impl=$1 jar
  if [[ $impl == *@*=* ]]; then
    jar=${impl#*=}
    impl=${impl%%@*}
  fi
  case "$impl" in
    brisk-http) echo "-jar ${jar:-$DIR/brisk-startup-http.jar}" ;;
    brisk-rest) echo "-jar ${jar:-$DIR/brisk-startup-rest.jar}" ;;
    brisk-rest-cp) echo "-cp $(cat "$APP/target/classpath.txt"):$APP/target/classes startup.Main" ;;
    brisk-rest-text) echo "-cp ${jar:-$DIR/brisk-startup-rest.jar} dev.brisk.benchmarks.startup.RestText" ;;
    jdk-json) echo "-cp ${jar:-$DIR/brisk-startup-rest.jar} dev.brisk.benchmarks.startup.JdkJson" ;;
    netty) echo "-jar ${jar:-$DIR/brisk-startup-netty.jar}" ;;
    spring-boot-brisk) echo "-jar ${jar:-$DIR/brisk-startup-boot-brisk.jar}" ;;
    spring-mvc) echo "-jar ${jar:-$DIR/brisk-startup-boot-mvc.jar}" ;;
    *) echo "unknown service $impl" >&2; exit 2 ;;
  esac
}

flags_of() {
  case "$1" in
    plain) echo "" ;;
    c1) echo "-XX:TieredStopAtLevel=1" ;;
    noshare) echo "-Xshare:off" ;;
    appcds) echo "-XX:SharedArchiveFile=$WORK/$2.jsa" ;;
    aot) echo "-XX:AOTCache=$WORK/$2.aot" ;;
    *:*) echo "${1#*:}" | tr ',' ' ' ;;
    *) echo "unknown variant $1" >&2; exit 2 ;;
  esac
}

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

usec() { local t=${1/./}; echo $((10#$t)); }

cpu_ms() { awk -v hz="$CLK_TCK" '{print ($14 + $15) * 1000 / hz}' "/proc/$1/stat"; }

# start IMPL [JVM flags...] -> prints "ms cpu_ms rss_kib"; the server is stopped again (SIGTERM, so that an
# -XX:ArchiveClassesAtExit training start writes its archive)
start() {
  local impl=$1 port log pid t0 t1 line rss cpu deadline
  shift
  local -a command
  read -r -a command < <(launch "$impl")
  port=$(free_port)
  log="$WORK/server.log"
  t0=$EPOCHREALTIME
  taskset -c "$CPU" "$JAVA" "$@" "${command[@]}" "$port" >"$log" 2>&1 &
  pid=$!
  deadline=$(($(usec "$t0") + TIMEOUT * 1000000))
  while :; do
    if { exec 3<>"/dev/tcp/127.0.0.1/$port"; } 2>/dev/null; then
      printf 'GET /hello HTTP/1.1\r\nHost: localhost\r\n\r\n' >&3
      line=
      read -r -t "$TIMEOUT" line <&3 || true
      exec 3<&-
      if [[ $line == "HTTP/1.1 200"* ]]; then
        break
      fi
      echo "$impl answered: ${line:-nothing}" >&2
      kill "$pid"; exit 1
    fi
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "$impl died:" >&2; cat "$log" >&2; exit 1
    fi
    if (($(usec "$EPOCHREALTIME") > deadline)); then
      echo "$impl did not answer within ${TIMEOUT}s" >&2; kill "$pid"; exit 1
    fi
  done
  t1=$EPOCHREALTIME
  rss=$(awk '/^VmRSS:/ {print $2}' "/proc/$pid/status")
  cpu=$(cpu_ms "$pid")
  kill "$pid"
  wait "$pid" 2>/dev/null || true
  echo "$((($(usec "$t1") - $(usec "$t0")) / 1000)) $cpu $rss"
}

load() {
  echo "load average $(cut -d' ' -f1-3 /proc/loadavg); busiest processes (nice, %CPU over their lifetime):" \
    "$(ps -eo ni=,pcpu=,comm= --sort=-pcpu | head -3 | awk '{printf "%s%s (nice %s, %s%%)", sep, $3, $1, $2; sep="; "}')"
}

case " $IMPLS " in
  *" brisk-rest-cp "*)
    mvn -q -B -ntp -f "$APP/pom.xml" package || {
      echo "cannot build $APP: install brisk-rest first (mvn -q install -DskipTests -pl brisk-rest -am)" >&2; exit 1; } ;;
esac
for impl in $IMPLS; do
  [ "$impl" = brisk-rest-cp ] && continue
  read -r -a command < <(launch "$impl")
  [ -f "${command[1]}" ] || { echo "missing ${command[1]}: build it with mvn -q -Pbenchmarks -pl brisk-benchmarks -am package -DskipTests" >&2; exit 1; }
done

echo "# Start-up benchmark $(date -u +%Y-%m-%dT%H:%MZ)" | tee "$REPORT"
{
  echo
  echo "- machine: $(getconf _NPROCESSORS_ONLN) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')), $("$JAVA" -version 2>&1 | head -1), $(uname -r)"
  echo "- command: IMPLS=\"$IMPLS\" VARIANTS=\"$VARIANTS\" ROUNDS=$ROUNDS bench/startup.sh"
  echo "- server: taskset -c $CPU $JAVA <flags> -jar <service jar> <port>; client: bash /dev/tcp polling on core $POLL_CPU"
  echo "- jars: $(for impl in $IMPLS; do
    if [ "$impl" = brisk-rest-cp ]; then
      printf '%s=%s ' "$impl" "$APP/target/classes + $(tr ':' '\n' <"$APP/target/classpath.txt" | wc -l) jars"
    else
      read -r -a c < <(launch "$impl"); printf '%s=%s ' "${impl%%=*}" "${c[1]}"
    fi
  done)"
  echo "- before: $(load)"
} | tee -a "$REPORT"

# training starts: one per service for the variants that need an archive written first
for variant in $VARIANTS; do
  case "$variant" in
    appcds) flag="-XX:ArchiveClassesAtExit" suffix=jsa ;;
    aot) flag="-XX:AOTCacheOutput" suffix=aot ;;
    *) continue ;;
  esac
  for impl in $IMPLS; do
    label=${impl%%=*}
    start "$impl" "$flag=$WORK/$label.$suffix" >/dev/null 2>"$WORK/train.log"
    for _ in $(seq 100); do [ -s "$WORK/$label.$suffix" ] && break; sleep 0.1; done
    [ -s "$WORK/$label.$suffix" ] || { echo "no $variant archive written for $label" >&2; cat "$WORK/train.log" >&2; exit 1; }
  done
done

: >"$RAW"
for round in $(seq "$ROUNDS"); do
  for variant in $VARIANTS; do
    for impl in $IMPLS; do
      label=${impl%%=*}
      # shellcheck disable=SC2046
      read -r ms cpu rss < <(start "$impl" $(flags_of "$variant" "$label"))
      printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$label" "$variant" "$round" "$ms" "$cpu" "$rss" >>"$RAW"
      printf '  round %-3s %-22s %-10s %5s ms  cpu %5s ms %6s MiB\n' "$round" "$label" "${variant%%:*}" "$ms" "$cpu" \
        "$(awk -v k="$rss" 'BEGIN { printf "%.1f", k / 1024 }')" >&2
    done
  done
done

echo "- after: $(load)" | tee -a "$REPORT"

python3 - "$RAW" <<'PY' | tee -a "$REPORT"
import sys, statistics, collections
rows = collections.defaultdict(list)   # (service, variant) -> [(ms, cpu_ms, rss_kib)]
order = []
for line in open(sys.argv[1]):
    service, variant, rnd, ms, cpu, rss = line.split('\t')
    variant = variant.split(':')[0]
    rows[(service, variant)].append((int(ms), float(cpu), int(rss)))
    if (service, variant) not in order:
        order.append((service, variant))
med = statistics.median
print()
print("| service | JVM flags | first response, ms: median (min–max) | CPU time until then, ms | "
      "RSS after it, MiB: median (min–max) | rounds |")
print("|---|---|---:|---:|---:|---:|")
for service, variant in sorted(order, key=lambda k: (k[1] != "plain", order.index(k))):
    v = rows[(service, variant)]
    ms = [x[0] for x in v]
    cpu = [x[1] for x in v]
    mib = [x[2] / 1024 for x in v]
    print(f"| {service} | {variant} | {med(ms):.0f} ({min(ms)}–{max(ms)}) | {med(cpu):.0f} ({min(cpu):.0f}–{max(cpu):.0f}) "
          f"| {med(mib):.1f} ({min(mib):.1f}–{max(mib):.1f}) | {len(v)} |")
PY
echo | tee -a "$REPORT"
echo "raw rounds: $RAW; report: $REPORT" >&2
