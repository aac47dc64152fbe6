#!/usr/bin/env bash
# The benchmark report: measures Brisk beside its peers, area by area, with the bench scripts that already exist (the
# measuring rules: server pinned to core 0, load on core 1, same JVM flags, warm-up, implementations
# alternated, several JVM starts), then renders the results with the launcher's `report` command: a table per area
# on the console, and a page with one chart per area.
#
# usage: bench/report.sh [server|rest|client|router|collapse|rpc|startup|all]...   (from anywhere; default: all)
# environment:
#   QUICK=1     a smoke run of a few minutes (2 s windows, one JVM start): checks the harness; its figures mean nothing
#   PAGE=FILE   where the page goes (its charts go to a directory named like it, without .md). Default:
#               docs/benchmarks.md for `all` (and not QUICK), else the run's directory under bench/results
#   BUILD=1     rebuild the jars even when they are newer than every source (else only missing or older jars)
#   JVM_OPTS="-Xms512m -Xmx512m"   every measured JVM's flags
#   BASELINE=COMMIT   the earlier build whose brisk-http runs beside the servers as "baseline-<commit>", a peer like
#               the others (its jar built once by bench/baseline.sh); default: bench/baseline-commit; none: left out
#
# Every run keeps its raw files under bench/results/report-<time>/: results.tsv (one measured value a line:
# area, table, impl, JVM start, round, metric, value), run.tsv (machine, date, commands), and each script's output.
#
# A full run (`all`) takes about 28 minutes on a 2-core machine, plus the builds of missing jars:
#   server    GET /hello (brisk-http, netty-raw, esa-httpserver, nginx) and POST /echo 1 KiB (without nginx),
#             bench/http-interleaved.sh: 2 JVM starts x 2 rounds, 10 s warm-up per server, 10 s windows     ~7.5 min
#   rest      GET /users/{id}: brisk-rest-spring, brisk-rest-jaxrs, spring-mvc, esa-restlight (IO threads and
#             its biz pool), vertx-web, the same                                                             ~7 min
#   client    GET /hello: brisk, okhttp, apache-hc5, vertx, esa-restclient, bench/client.sh: 2 rounds of a
#             fresh client JVM, 10 s warm-up, 10 s measured                                                  ~4 min
#   router    bench/jmh.sh brisk-rest RouterBenchmark at 203 routes, one fork, -wi 3 -i 5 (1 s each), after
#             building brisk-rest's tests                                                                    ~3 min
#   collapse  the server and client hot-key scenarios, off against on, bench/launcher-interleaved.sh:
#             2 JVM starts x 2 rounds, 10 s warm-up, 10 s windows                                            ~4.5 min
#   rpc       existUser: brisk, grpc, dubbo, bench/rpc.sh: 2 rounds of a fresh server and caller, 10 s + 10 s ~3 min
#   startup   brisk-http, brisk-rest, netty, spring-boot-brisk, spring-mvc, bench/startup.sh: 5 starts each   ~1 min
set -euo pipefail
cd "$(dirname "$0")/.."

ALL_AREAS="server rest client router collapse rpc startup"
AREAS=${*:-all}
[ "$AREAS" = all ] && AREAS=$ALL_AREAS
for area in $AREAS; do
  case " $ALL_AREAS " in
    *" $area "*) ;;
    *) echo "usage: bench/report.sh [server|rest|client|router|collapse|rpc|startup|all]... (unknown: $area)" >&2; exit 2 ;;
  esac
done

JAR=brisk-benchmarks/target/brisk-benchmarks.jar
ESA_JAR=brisk-benchmarks-esa/target/brisk-benchmarks-esa.jar
DUBBO_JAR=brisk-benchmarks-dubbo/target/brisk-benchmarks-dubbo.jar
export JVM_OPTS=${JVM_OPTS:-"-Xms512m -Xmx512m"}
QUICK=${QUICK:-}

# the durations of a full run (seconds) and of a QUICK one
if [ -n "$QUICK" ]; then
  WARMUP=2 DURATION=2 JVM_SETS=1 ROUNDS=2 STARTS=1 STARTUP_ROUNDS=2 JMH_ARGS="-wi 1 -i 1 -w 1 -r 1"
else
  WARMUP=10 DURATION=10 JVM_SETS=2 ROUNDS=2 STARTS=2 STARTUP_ROUNDS=5 JMH_ARGS="-wi 3 -i 5 -w 1 -r 1"
fi

RUN=bench/results/report-$(date -u +%Y%m%d-%H%M%S)
mkdir -p "$RUN"
RESULTS=$RUN/results.tsv
INFO=$RUN/run.tsv
: >"$RESULTS"
if [ -z "${PAGE:-}" ]; then
  if [ "$AREAS" = "$ALL_AREAS" ] && [ -z "$QUICK" ]; then PAGE=docs/benchmarks.md; else PAGE=$RUN/benchmarks.md; fi
fi

info() { printf '%s\t%s\n' "$1" "$2" >>"$INFO"; }
say() { echo "$*" >&2; }

# ---- builds -------------------------------------------------------------------------------------------------------

# stale JAR [PATH...]: whether a main source file or a pom under the paths (default: the whole checkout) is newer
stale() {
  local jar=$1
  shift
  [ -n "$(find "${@:-.}" \( -name target -o -name .git \) -prune -o \( -path '*/src/main/*' -o -name pom.xml \) \
    -type f -newer "$jar" -print -quit)" ]
}

# build MODULE JAR [PATH...]: packages the module (and what it depends on, from this checkout) when its jar is missing
# or older than its sources (stale), or always with BUILD=1, so that what is measured is this checkout
build() {
  local module=$1 jar=$2
  shift 2
  if [ -f "$jar" ] && [ -z "${BUILD:-}" ] && ! stale "$jar" "$@"; then
    return 0
  fi
  say "[build] $jar: mvn -Pbenchmarks -pl $module -am package -DskipTests"
  mvn -B -ntp -q -o -Pbenchmarks -pl "$module" -am package -DskipTests >&2 \
    || mvn -B -ntp -q -Pbenchmarks -pl "$module" -am package -DskipTests >&2
}

build brisk-benchmarks "$JAR"
[ -f brisk-benchmarks/target/brisk-startup-boot-mvc.jar ] || BUILD=1 build brisk-benchmarks "$JAR"
# the ESA jar holds the launcher's client harness and the endpoints' payloads, no other Brisk code
case " $AREAS " in *" client "* | *" server "* | *" rest "*) build brisk-benchmarks-esa "$ESA_JAR" brisk-benchmarks-esa \
  brisk-benchmarks/src/main/java/dev/brisk/benchmarks/client brisk-benchmarks/src/main/java/dev/brisk/benchmarks/serve ;;
esac
case " $AREAS " in *" rpc "*) build brisk-benchmarks-dubbo "$DUBBO_JAR" ;; esac

BASELINE=${BASELINE:-$(head -1 bench/baseline-commit)}
BASELINE_IMPL=
case " $AREAS " in
  *" server "*) if [ "$BASELINE" != none ]; then
      baseline_jar=$(bench/baseline.sh "$BASELINE")
      BASELINE_IMPL="brisk-http@baseline-$(basename "$baseline_jar" .jar | sed 's/^baseline-//')=$baseline_jar"
    fi ;;
esac

# ---- the machine --------------------------------------------------------------------------------------------------

info date "$(date -u '+%Y-%m-%d %H:%M UTC')"
info machine "$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(. /etc/os-release && echo "$PRETTY_NAME"), Linux $(uname -r)"
info jdk "$(java -version 2>&1 | head -1)"
info command "${QUICK:+QUICK=1 }bench/report.sh ${*:-all}"
info mode "${QUICK:+quick}"
info method "Servers: \`taskset -c 0 java $JVM_OPTS -jar brisk-benchmarks.jar serve <impl> --io-threads 1\`; load generators (wrk -t1 -c64, or the launcher's clients and callers) on core 1. Warm-up ${WARMUP} s, windows of ${DURATION} s."

# ---- running a script and keeping its results ---------------------------------------------------------------------

STEP=0 TOTAL=0   # the progress of the current area

# measure AREA TABLE STEPS CONVERT SCRIPT [ARGS...]: runs the script (its environment set by the caller), shows one
# progress line per measured window, then converts the raw file it wrote (the newest under bench/results named after
# the script) with the awk program CONVERT into results.tsv lines of AREA and TABLE
measure() {
  local area=$1 table=$2 steps=$3 convert=$4 script=$5
  shift 5
  local name log raw status=0 marker="$RUN/.started"
  name=$(basename "$script" .sh)
  log="$RUN/$area-$(echo "$table" | tr -c 'A-Za-z0-9\n' '-' | tr -s '-' | sed 's/-$//').log"
  touch "$marker"
  "$script" "$@" 2>&1 | tee "$log" | progress "$area" "$table" >&2 || status=$?
  STEP=$((STEP + steps))
  raw=$(find bench/results -maxdepth 1 -name "$name-*.tsv" -newer "$marker" | sort | tail -1)
  if [ "$status" -ne 0 ] || [ -z "$raw" ] || [ ! -s "$raw" ]; then
    say "[$area] $table: the run failed (exit $status); its output: $log"
    info "$area.failed" "$table: the run failed (its output: bench/results/$(basename "$RUN")/$(basename "$log"))"
  fi
  if [ -n "$raw" ] && [ -s "$raw" ]; then
    cp "$raw" "$RUN/"
    awk -F'\t' -v OFS='\t' -v area="$area" -v table="$table" "$convert" "$raw" >>"$RESULTS"
  fi
}

# progress AREA TABLE < a script's output: numbers its per-window lines, passes on the lines that report a problem
progress() {
  awk -v area="$1" -v table="$2" -v step="$STEP" -v total="$TOTAL" '
    /^# Benchmark:/ { bench = $3; sub(/.*\./, "", bench); next }
    /rps=|round [0-9]+ .* ms +cpu|^# Parameters:/ {
      step++; line = $0; gsub(/ +/, " ", line); sub(/^ /, "", line)
      if (line ~ /^# Parameters:/) { sub(/^# Parameters: /, "", line); line = bench " " line }
      if (area == "collapse") { sub(/reference:/, "off:", line); sub(/other:/, "on:", line) }
      printf "[%s %d/%d] %s: %s\n", area, step, total, table, line; fflush(); next
    }
    /^[|#-]/ { next }
    tolower($0) ~ /fail|error|exception|died|missing|did not|unknown/ { print "  " $0; fflush() }'
}

announce() { say "[$1] $2"; }

# the results.tsv lines of each script's raw file: area table impl jvm_start round metric value
# (an earlier build's brisk-http, IMPL@baseline-C=JAR, is named baseline-C: a peer Brisk is compared with)
HTTP_INTERLEAVED='{ sub(/^brisk-http@/, "", $3)
                    print area, table, $3, $1, $2, "rps", $4; print area, table, $3, $1, $2, "p99_ms", $5;
                    print area, table, $3, $1, $2, "cpu_us", $6; print area, table, $3, $1, $2, "errors", $7 }'
# client.sh and rpc.sh start fresh JVMs for every window: each round is a JVM start of its own
CLIENT='{ print area, table, $3, $2, 1, "rps", $4; print area, table, $3, $2, 1, "p99_ms", $6;
          print area, table, $3, $2, 1, "cpu_us", $7; print area, table, $3, $2, 1, "errors", $8 }'
RPC='{ print area, table, $3, $2, 1, "rps", $4; print area, table, $3, $2, 1, "p99_ms", $6;
       print area, table, $3, $2, 1, "cpu_us", $7; print area, table, $3, $2, 1, "caller_cpu_us", $8;
       print area, table, $3, $2, 1, "errors", $9 }'
STARTUP='{ print area, table, $1, $3, 1, "first_ms", $4; print area, table, $1, $3, 1, "cpu_ms", $5;
           print area, table, $1, $3, 1, "rss_mib", $6 / 1024 }'
# launcher-interleaved.sh: set, round, the reference's summary line (no collapsing), the other's (collapsing)
COLLAPSE='function emit(impl, line,   n, i, kv) {
            n = split(line, kv, /[ =]/)
            for (i = 1; i < n; i += 2) print area, table, impl, $1, $2, kv[i], kv[i + 1]
          }
          { emit("no collapsing", $3); emit("brisk-collapse", $4) }'

# ---- the areas ----------------------------------------------------------------------------------------------------

# interleaved HTTP servers: IMPLS SCENARIO TABLE
interleaved() {
  local area=$1 impls=$2 scenario=$3 table=$4 n
  n=$(wc -w <<<"$impls")
  announce "$area" "$table: $impls, each warmed up ${WARMUP} s, then $JVM_SETS JVM start(s) x $ROUNDS rounds of ${DURATION} s windows"
  info "$area.command" "IMPLS=\"$impls\" SCENARIO=$scenario JVM_SETS=$JVM_SETS ROUNDS=$ROUNDS WARMUP=$WARMUP DURATION=$DURATION bench/http-interleaved.sh"
  IMPLS=$impls SCENARIO=$scenario JVM_SETS=$JVM_SETS ROUNDS=$ROUNDS WARMUP=$WARMUP DURATION=$DURATION \
    measure "$area" "$table" $((JVM_SETS * ROUNDS * n)) "$HTTP_INTERLEAVED" bench/http-interleaved.sh
}

steps_server() { if [ -n "$BASELINE_IMPL" ]; then echo $((JVM_SETS * ROUNDS * 9)); else echo $((JVM_SETS * ROUNDS * 7)); fi; }
area_server() {
  interleaved server "brisk-http netty-raw esa-httpserver nginx${BASELINE_IMPL:+ $BASELINE_IMPL}" hello "GET /hello"
  interleaved server "brisk-http netty-raw esa-httpserver${BASELINE_IMPL:+ $BASELINE_IMPL}" echo "POST /echo 1 KiB"
  [ -z "$BASELINE_IMPL" ] || info server.note "$(label="${BASELINE_IMPL%%=*}"; echo "${label#brisk-http@}"): brisk-http built from that earlier commit (bench/baseline.sh), run like the others: a ratio below 1 against it is a regression since then."
  info server.note "esa-httpserver: ESA HttpServer 0.1.1 (its own body aggregation, handler on the IO thread), from brisk-benchmarks-esa.jar (Netty 4.1)."
  info server.note "nginx: one process (\`master_process off\`) answering from its configuration; it has no echo without a module this machine lacks, so it is measured on GET only."
}

steps_rest() { echo $((JVM_SETS * ROUNDS * 6)); }
area_rest() {
  interleaved rest "brisk-rest-spring brisk-rest-jaxrs spring-mvc esa-restlight esa-restlight-biz vertx-web" users "GET /users/{id} (JSON)"
  info rest.note "brisk-rest-spring: a Spring MVC-style @RestController on Brisk; brisk-rest-jaxrs: the JAX-RS resource (both with their handlers on the event loop); spring-mvc: Spring Boot Web MVC on Tomcat (32 threads); vertx-web: a Vert.x Web router (on its event loop)."
  info rest.note "esa-restlight: ESA Restlight 0.1.1's standalone server with the same Spring MVC-style controller, handlers on the IO thread (what \`@Scheduled(IO)\` chooses, like Brisk's here); esa-restlight-biz: the same on Restlight's default, its biz thread pool (64 threads), comparable to Tomcat's pool. From brisk-benchmarks-esa.jar (Netty 4.1); JSON by Restlight's Jackson serializer, sent as \`application/json\` like the others."
}

steps_client() { echo $((STARTS * 5)); }
area_client() {
  local impls="brisk okhttp apache-hc5 vertx esa-restclient"
  announce client "GET /hello: $impls, a fresh client JVM per window (${WARMUP} s warm-up, ${DURATION} s), $STARTS rounds"
  info client.command "IMPLS=\"$impls\" SCENARIOS=hello ROUNDS=$STARTS WARMUP=$WARMUP DURATION=$DURATION bench/client.sh"
  info client.note "64 requests in flight against \`serve netty-raw\` on core 0; CPU is the client process's own time per request."
  IMPLS=$impls SCENARIOS=hello ROUNDS=$STARTS WARMUP=$WARMUP DURATION=$DURATION \
    measure client "GET /hello" $((STARTS * 5)) "$CLIENT" bench/client.sh
}

steps_router() { echo 9; }
area_router() {
  local raw="$RUN/router-jmh.csv" params="-p routes=203"
  announce router "JMH RouterBenchmark, 203 routes (GitHub API), Brisk vs Spring PathPattern scan vs regex scan: builds brisk-rest's tests first"
  info router.command "bench/jmh.sh brisk-rest RouterBenchmark $params $JMH_ARGS -prof gc"
  info router.note "One JMH fork (\`-prof gc\` for the bytes allocated per lookup): no rounds, so no range; JMH's own error bars are in the run's router.log."
  local status=0
  # shellcheck disable=SC2086
  bench/jmh.sh brisk-rest RouterBenchmark $params $JMH_ARGS -prof gc -rf csv -rff "$PWD/$raw" 2>&1 \
    | tee "$RUN/router.log" | progress router "203 routes" >&2 || status=$?
  if [ "$status" -ne 0 ] || [ ! -s "$raw" ]; then
    info router.failed "the JMH run failed; see bench/results/$(basename "$RUN")/router.log"
    return 0
  fi
  # JMH's CSV: "Benchmark","Mode","Threads","Samples","Score","Score Error (99.9%)","Unit","Param: lookup","Param: routes"
  awk -F',' -v OFS='\t' -v area=router '
    function unq(s) { gsub(/"/, "", s); return s }
    NR == 1 { for (i = 1; i <= NF; i++) col[unq($i)] = i; next }
    {
      name = unq($col["Benchmark"]); lookup = unq($col["Param: lookup"]); routes = unq($col["Param: routes"])
      metric = "ns_op"
      if (name ~ /gc\.alloc\.rate\.norm$/) { metric = "b_op"; sub(/:.*/, "", name) } else if (name ~ /:/) next
      sub(/.*\./, "", name)
      impl = name == "brisk" ? "brisk-router" : name == "springPathPatternScan" ? "spring-pathpattern-scan" : "regex-scan"
      table = (lookup == "static" ? "GET /user/repos" : lookup == "param1" ? "GET /users/{user}" : "GET /repos/{owner}/{repo}/stargazers")
      score = unq($col["Score"])
      # JMH measures a fraction of a byte for code that allocates nothing: whole bytes only
      if (metric == "b_op") score = sprintf("%.0f", score)
      print area, table, impl, 1, 1, metric, score
    }' "$raw" >>"$RESULTS"
}

steps_collapse() { echo $((JVM_SETS * ROUNDS * 2 * 2)); }
area_collapse() {
  local scenario common
  for scenario in server client; do
    common="--scenario $scenario --warmup $WARMUP --duration $DURATION --controlled"
    local table
    if [ $scenario = server ]; then
      table="server: 400 callers, one key, 100 ms backend"
    else
      table="client: 200 callers, one URL"
    fi
    announce collapse "$table: collapse --mode off vs on, $JVM_SETS JVM start(s) x $ROUNDS rounds of ${DURATION} s"
    info collapse.command "JVM_SETS=$JVM_SETS ROUNDS=$ROUNDS bench/launcher-interleaved.sh \"collapse --mode off $common\" \"collapse --mode on $common\""
    JVM_SETS=$JVM_SETS ROUNDS=$ROUNDS measure collapse "$table" $((JVM_SETS * ROUNDS * 2)) "$COLLAPSE" \
      bench/launcher-interleaved.sh "collapse --mode off $common" "collapse --mode on $common"
  done
  info collapse.note "Server and load in one process (the launcher's \`collapse\` command); CPU is that process's time per request, so it includes the load."
}

steps_rpc() { echo $((STARTS * 3)); }
area_rpc() {
  local impls="brisk grpc dubbo"
  announce rpc "existUser: $impls, a fresh server and caller per window (${WARMUP} s warm-up, ${DURATION} s), $STARTS rounds"
  info rpc.command "IMPLS=\"$impls\" METHODS=existUser ROUNDS=$STARTS WARMUP=$WARMUP DURATION=$DURATION bench/rpc.sh"
  info rpc.note "The classic rpc-benchmark UserService; 32 caller threads; CPU is the server's time per call."
  IMPLS=$impls METHODS=existUser ROUNDS=$STARTS WARMUP=$WARMUP DURATION=$DURATION \
    measure rpc existUser $((STARTS * 3)) "$RPC" bench/rpc.sh
}

steps_startup() { echo $((STARTUP_ROUNDS * 5)); }
area_startup() {
  local impls="brisk-http brisk-rest netty spring-boot-brisk spring-mvc"
  announce startup "time to the first response: $impls, a fresh JVM each, $STARTUP_ROUNDS rounds"
  info startup.command "IMPLS=\"$impls\" ROUNDS=$STARTUP_ROUNDS bench/startup.sh"
  info startup.note "No JVM flags (what users run); each service in a jar holding only what it needs. brisk-http and netty answer text, brisk-rest JSON through Jackson, spring-boot-brisk and spring-mvc the same Spring Boot controller on Brisk's starter and on Tomcat."
  IMPLS=$impls ROUNDS=$STARTUP_ROUNDS measure startup "first response" $((STARTUP_ROUNDS * 5)) "$STARTUP" bench/startup.sh
}

started=$SECONDS
for area in $AREAS; do
  before=$SECONDS
  STEP=0
  TOTAL=$("steps_$area")
  "area_$area"
  say "[$area] done in $((SECONDS - before)) s"
  info "$area.seconds" "$((SECONDS - before))"
done
info seconds "$((SECONDS - started))"

# ---- the page -----------------------------------------------------------------------------------------------------

say "[report] writing $PAGE (charts in ${PAGE%.md}/)"
java -Djava.awt.headless=true -jar "$JAR" report --results "$RUN" --page "$PAGE"
say "[report] done in $((SECONDS - started)) s; raw results: $RUN"
