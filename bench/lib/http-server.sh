# Shared by bench/http.sh and bench/http-pair.sh: the settings both take from the environment, the tools both need,
# starting a launcher server pinned to core 0, the wrk arguments of a scenario, and the summary of a wrk run.
# Source it from the repository root.

JAR=${JAR:-brisk-benchmarks/target/brisk-benchmarks.jar}
ESA_JAR=${ESA_JAR:-brisk-benchmarks-esa/target/brisk-benchmarks-esa.jar}
JVM_OPTS=${JVM_OPTS:-"-Xms512m -Xmx512m"}
SERVER_ARGS=${SERVER_ARGS:-"--io-threads 1"}
RESULTS=bench/results
mkdir -p "$RESULTS"

[ -f "$JAR" ] || { echo "missing $JAR: build it with mvn -q -Pbenchmarks -pl brisk-benchmarks -am package -DskipTests" >&2; exit 1; }
command -v wrk >/dev/null || { echo "wrk is not installed (apt-get install wrk)" >&2; exit 1; }

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# user+sys clock ticks of a process so far
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

# start_nginx: nginx as a peer server (GET /hello and GET /json only: it has no echo without a module), one process
# (master_process off) on core 0, like the launcher's servers; sets what start_server sets
start_nginx() {
  command -v nginx >/dev/null || { echo "nginx is not installed (apt-get install nginx-light)" >&2; exit 1; }
  SERVER_PORT=$(free_port)
  SERVER_LOG=$(mktemp)
  local dir
  dir=$(mktemp -d)
  cat >"$dir/nginx.conf" <<EOF
worker_processes 1;
master_process off;
daemon off;
pid $dir/nginx.pid;
error_log $dir/error.log;
events { worker_connections 4096; }
http {
  access_log off;
  keepalive_requests 100000000;
  client_body_temp_path $dir/body;
  proxy_temp_path $dir/proxy;
  fastcgi_temp_path $dir/fastcgi;
  uwsgi_temp_path $dir/uwsgi;
  scgi_temp_path $dir/scgi;
  server {
    listen 127.0.0.1:$SERVER_PORT;
    location = /hello { default_type text/plain; return 200 "Hello, World!"; }
    location = /json { default_type application/json; return 200 '{"message":"Hello, World!"}'; }
  }
}
EOF
  taskset -c 0 nginx -p "$dir" -e "$dir/error.log" -c "$dir/nginx.conf" >"$SERVER_LOG" 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 100); do
    if { exec 5<>"/dev/tcp/127.0.0.1/$SERVER_PORT"; } 2>/dev/null; then
      exec 5<&-
      echo "listening on $SERVER_PORT" >>"$SERVER_LOG"
      return 0
    fi
    kill -0 "$SERVER_PID" 2>/dev/null || { echo "nginx died:" >&2; cat "$SERVER_LOG" "$dir/error.log" >&2; exit 1; }
    sleep 0.1
  done
  echo "nginx did not start" >&2
  kill "$SERVER_PID"
  exit 1
}

# start_server IMPL -> sets SERVER_PID, SERVER_PORT and SERVER_LOG; IMPL@NAME=JAR runs IMPL from another launcher
# build, IMPL/TRANSPORT on that transport; esa-httpserver runs from ESA_JAR, nginx is nginx (start_nginx)
start_server() {
  local impl=$1 jar=$JAR transport=()
  if [[ $impl == nginx ]]; then
    start_nginx
    return 0
  fi
  if [[ $impl == esa-* ]]; then
    jar=$ESA_JAR
    [ -f "$jar" ] || { echo "missing $jar: build it with mvn -q -Pbenchmarks -pl brisk-benchmarks-esa package -DskipTests" >&2; exit 1; }
  fi
  if [[ $impl == *@*=* ]]; then
    jar=${impl#*=}
    impl=${impl%%@*}
  fi
  if [[ $impl == */* ]]; then
    transport=(--transport "${impl#*/}")
    impl=${impl%%/*}
  fi
  SERVER_PORT=$(free_port)
  SERVER_LOG=$(mktemp)
  # shellcheck disable=SC2086
  taskset -c 0 java $JVM_OPTS -jar "$jar" serve "$impl" --port "$SERVER_PORT" $SERVER_ARGS "${transport[@]}" \
    >"$SERVER_LOG" 2>&1 &
  SERVER_PID=$!
  # up to 60 s: a Spring Boot server started beside others on a busy core can take more than 10
  for _ in $(seq 600); do
    grep -q "listening on" "$SERVER_LOG" && return 0
    kill -0 "$SERVER_PID" 2>/dev/null || { echo "server $impl died:" >&2; cat "$SERVER_LOG" >&2; exit 1; }
    sleep 0.1
  done
  echo "server $impl did not start in 60 s" >&2
  kill "$SERVER_PID"
  exit 1
}

stop_server() {
  kill "$1"
  wait "$1" 2>/dev/null || true
}

# wrk_args SCENARIO URL -> sets WRK_ARGS (and the variables its Lua script reads); WRK_HEADER="Name: value" adds
# that request header (e.g. the Authorization of a server behind HTTP Basic)
wrk_args() {
  local scenario=$1 url=$2
  case "$scenario" in
    echo-*) export BODY_SIZE=${scenario#echo-}; WRK_ARGS=(-s bench/lua/post.lua "$url/echo") ;;
    hello-pipelined) export PIPELINE_DEPTH=16; WRK_ARGS=(-s bench/lua/pipeline.lua "$url/hello") ;;
    hello) WRK_ARGS=("$url/hello") ;;
    echo) export BODY_SIZE=1024; WRK_ARGS=(-s bench/lua/post.lua "$url/echo") ;;
    json) WRK_ARGS=("$url/json") ;;
    users) WRK_ARGS=("$url/users/42") ;;
    *) echo "unknown scenario $scenario" >&2; return 2 ;;
  esac
  if [ -n "${WRK_HEADER:-}" ]; then WRK_ARGS=(-H "$WRK_HEADER" "${WRK_ARGS[@]}"); fi
}

# server_url PORT -> the base URL of a launcher server started with SERVER_ARGS (https when they hold --tls)
server_url() {
  if [[ " $SERVER_ARGS " == *" --tls "* ]]; then echo "https://127.0.0.1:$1"; else echo "http://127.0.0.1:$1"; fi
}

# load_check SCENARIO -> fails on an unknown scenario or a missing load tool, before any server starts
load_check() {
  if [[ $1 == h2-* ]]; then
    command -v h2load >/dev/null || { echo "h2load is not installed (apt-get install nghttp2-client)" >&2; return 2; }
    h2load_args "$1" "http://127.0.0.1"
  else
    wrk_args "$1" "http://127.0.0.1"
  fi
}

# h2load_args SCENARIO URL -> sets H2LOAD_ARGS for an h2-* scenario: HTTP/2 with h2load (h2c with prior knowledge
# on an http URL, ALPN on https), H2_STREAMS (default 1) requests in flight per connection
h2load_args() {
  local scenario=${1#h2-} url=$2
  case "$scenario" in
    hello) H2LOAD_ARGS=("$url/hello") ;;
    echo-*)
      H2_BODY=${H2_BODY:-$(mktemp)}
      head -c "${scenario#echo-}" /dev/zero | tr '\0' x >"$H2_BODY"
      H2LOAD_ARGS=(-d "$H2_BODY" -H "content-type: application/octet-stream" "$url/echo") ;;
    *) echo "unknown scenario $1" >&2; return 2 ;;
  esac
  H2LOAD_ARGS=(-m "${H2_STREAMS:-1}" "${H2LOAD_ARGS[@]}")
}

# run_load SCENARIO URL SECONDS CONNECTIONS -> runs the scenario's load tool on core 1 (wrk; h2load for h2-*) and
# prints its output
run_load() {
  if [[ $1 == h2-* ]]; then
    h2load_args "$1" "$2"
    taskset -c 1 h2load -t1 -c"$4" -D "$3" "${H2LOAD_ARGS[@]}"
  else
    wrk_args "$1" "$2"
    taskset -c 1 wrk -t1 -c"$4" -d"${3}s" --latency "${WRK_ARGS[@]}"
  fi
}

# load_summary SCENARIO TICKS RSS_KIB < output of run_load -> prints "rps p99_ms cpu_us requests errors rss_mib"
# (h2load gives no percentile: p99 is printed as 0)
load_summary() {
  if [[ $1 == h2-* ]]; then h2load_summary "$2" "$3"; else wrk_summary "$2" "$3"; fi
}

h2load_summary() {
  awk -v ticks="$1" -v hz="$(getconf CLK_TCK)" -v rss="$2" '
    /^finished in/ { for (i = 1; i <= NF; i++) if ($i ~ /^req\/s/) { rps = $(i - 1); sub(",", "", rps) } }
    /^requests:/ { requests = $8; errors = $10 + $12 + $14 }
    /^status codes:/ { ok = $3 }
    END { if (requests == 0) { print "h2load measured no requests" > "/dev/stderr"; exit 1 }
          errors += requests - ok
          printf "%s 0 %.3f %d %d %.1f\n", rps, ticks * 1e6 / hz / requests, requests, errors, rss / 1024 }'
}

# wrk_summary TICKS RSS_KIB < wrk-output -> prints "rps p99_ms cpu_us requests errors rss_mib"
wrk_summary() {
  awk -v ticks="$1" -v hz="$(getconf CLK_TCK)" -v rss="$2" '
    /Requests\/sec:/ { rps = $2 }
    /requests in/ { requests = $1 }
    /Non-2xx or 3xx responses:/ { errors += $NF }
    /Socket errors:/ { for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+,?$/) { v = $i; sub(",", "", v); errors += v } }
    $1 == "99%" { v = $2; unit = v; sub(/[0-9.]+/, "", unit); sub(/[a-z]+$/, "", v);
                  p99 = (unit == "us") ? v / 1000 : (unit == "s") ? v * 1000 : v }
    END { if (requests == 0) { print "wrk measured no requests" > "/dev/stderr"; exit 1 }
          printf "%s %s %.3f %d %d %.1f\n", rps, p99, ticks * 1e6 / hz / requests, requests, errors, rss / 1024 }'
}
