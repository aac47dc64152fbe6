#!/usr/bin/env bash
# One window of brisk-http (or another server: IMPL) over HTTP/3 or over HTTP/2 with TLS:
# `serve $IMPL --tls --http3 --io-threads 1` on core 0, the load on core 1 (HTTP/3: the launcher's Brisk client with
# --http3; HTTP/2: h2load, one stream at a time per connection), 6 s of warm-up, then the server's CPU time per
# request over 7 s and the load's requests/s (and p99, which h2load does not give). Alternate the two modes over
# several runs; the load tools differ, so compare the server's CPU per request, not the rates.
#
# usage: bench/http3-vs-h2.sh h2|h3 [BODY_BYTES]    (no body: GET /hello; a body: POST /echo of that many bytes)
# environment: JAR (the launcher), C=32 (connections, or calls in flight on HTTP/3's one connection),
#              IMPL=brisk-http (the launcher's `serve` implementation: brisk-http, or reactor-netty as HTTP/3's peer)
set -uo pipefail
cd "$(dirname "$0")/.."
JAR=${JAR:-brisk-benchmarks/target/brisk-benchmarks.jar}; MODE=$1; BODY=${2:-}; C=${C:-32}; IMPL=${IMPL:-brisk-http}
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
log=$(mktemp)
taskset -c 0 java -Xms512m -Xmx512m -jar $JAR serve $IMPL --port $port --io-threads 1 --tls --http3 >$log 2>&1 &
srv=$!
for _ in $(seq 200); do grep -q "listening on" $log && break; sleep 0.1; done
path=/hello; [ -n "$BODY" ] && path=/echo
out=$(mktemp)
if [ "$MODE" = h3 ]; then
  taskset -c 1 java -Xms512m -Xmx512m -jar $JAR client brisk --url https://127.0.0.1:$port$path --concurrency $C --warmup 6 --duration 8 --http3 ${BODY:+--body $BODY} >$out 2>&1 &
else
  [ -n "$BODY" ] && head -c $BODY /dev/zero | tr '\0' 'x' > "$out.body"
  taskset -c 1 h2load -c $C -m 1 -t 1 --warm-up-time=6 -D 8 ${BODY:+-d "$out.body"} https://127.0.0.1:$port$path >$out 2>&1 &
fi
cl=$!
sleep 6.5; t0=$(awk '{print $14+$15}' /proc/$srv/stat); s0=$(date +%s.%N)
sleep 7; t1=$(awk '{print $14+$15}' /proc/$srv/stat); s1=$(date +%s.%N)
wait $cl; kill $srv; wait $srv 2>/dev/null
if [ "$MODE" = h3 ]; then
  rps=$(grep -o 'rps=[0-9.]*' $out | tail -1 | cut -d= -f2); p99=$(grep -o 'p99_ms=[0-9.]*' $out | tail -1 | cut -d= -f2)
else
  rps=$(awk '/finished in/ {for(i=1;i<=NF;i++) if ($i ~ /req\/s/) print $(i-1)}' $out | head -1)
  p99="(h2load: no p99)"
fi
echo "$IMPL $MODE body=${BODY:-0} rps=$rps p99_ms=$p99 server_cpu_us=$(python3 -c "print(round(($t1-$t0)*1e4/($rps*($s1-$s0)),2))")"
