#!/usr/bin/env bash
# The RPC fault table: brisk-rpc's order-service providers and a consumer on a real ZooKeeper server process, the
# consumer offering a fixed rate of calls (200/s by default, 50 caller threads, the client's default options) while
# faults are injected in turn, each followed by a quiet period:
#
#   hang              kill -STOP one provider for HANG seconds, then kill -CONT
#   kill -9           kill -9 a provider, start it again on the same port RESTART_AFTER seconds later
#   join              a third provider starts
#   zookeeper outage  kill -9 the ZooKeeper server, start it again on the same data directory OUTAGE seconds later
#   graceful stop     SIGTERM a provider (RpcServer.close(): unregister, GOAWAY, drain)
#   mixed fleet       that provider comes back exporting version 2 of the interface (one method more, same service
#                     name); the consumer then also calls the v2-only method, one call in ten, for MIXED seconds
#
# The processes are `java -jar brisk-benchmarks.jar faults zookeeper|provider|consumer` (one JVM each). The consumer
# prints a line a second (calls answered, failed by exception type, dropped for want of a free caller thread, p99);
# each provider appends every call of a method that changes something (createOrder, pay, track: each call carries a
# unique id) to a file before running it. From those, for each fault (from its injection to the next fault's):
#
#   calls failed      failed calls, and by exception type (a business exception of the service is an answer, not a
#                     failure); dropped calls are counted apart
#   rebalance time    from the injection to the end of the last second answering fewer than 90 % of the healthy rate
#                     (the median calls answered a second over the baseline before the first fault); 0 when no
#                     second fell below. How many seconds fell below is beside it: one late second on a busy
#                     machine makes a long rebalance time of a short dip
#   duplicates        call ids two providers (or one provider twice) ran, by when the second run happened: must be 0
#
# The table goes to stdout and to bench/results/rpc-faults-<date>.md; the raw files (consumer lines, call files, the
# processes' output, the fault timeline) stay in the work directory it names. The run takes about four minutes.
#
# usage: bench/rpc-faults.sh      (from the repository root, after building the launcher:
#                                  mvn -q -Pbenchmarks -pl brisk-benchmarks -am package -DskipTests)
# environment:
#   RATE=200 THREADS=50           the consumer's calls a second and caller threads
#   WARM=10 BASELINE=10           seconds of paced calls before the baseline, and of the baseline
#   HANG=20 RESTART_AFTER=5 OUTAGE=20 MIXED=20 QUIET=15
#                                 the faults' lengths, and the quiet seconds after each
#   JVM_OPTS="-Xms64m -Xmx256m"   every process's JVM options
#   JAR=brisk-benchmarks/target/brisk-benchmarks.jar   WORK=<a new temporary directory>
set -euo pipefail
cd "$(dirname "$0")/.."

JAR=${JAR:-brisk-benchmarks/target/brisk-benchmarks.jar}
RATE=${RATE:-200}
THREADS=${THREADS:-50}
WARM=${WARM:-10}
BASELINE=${BASELINE:-10}
HANG=${HANG:-20}
RESTART_AFTER=${RESTART_AFTER:-5}
OUTAGE=${OUTAGE:-20}
MIXED=${MIXED:-20}
QUIET=${QUIET:-15}
JVM_OPTS=${JVM_OPTS:-"-Xms64m -Xmx256m"}
WORK=${WORK:-$(mktemp -d /tmp/rpc-faults.XXXXXX)}
RESULTS=bench/results
mkdir -p "$RESULTS" "$WORK"
REPORT="$RESULTS/rpc-faults-$(date +%Y%m%d-%H%M%S).md"
EVENTS="$WORK/events.tsv"
: >"$EVENTS"

[ -f "$JAR" ] || { echo "missing $JAR: build it with mvn -q -Pbenchmarks -pl brisk-benchmarks -am package -DskipTests" >&2; exit 1; }

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
now_ms() { date +%s%3N; }
log() { echo "[$(date +%H:%M:%S)] $*" >&2; }
# event PHASE WHAT: a line of the timeline the report is cut along
event() { printf '%s\t%s\t%s\n' "$(now_ms)" "$1" "$2" >>"$EVENTS"; log "$1: $2"; }

declare -A PIDS=()   # name -> pid of the processes this script started and that still run
cleanup() {
  local name pid
  for name in "${!PIDS[@]}"; do
    pid=${PIDS[$name]}
    kill -CONT "$pid" 2>/dev/null || true
    kill -9 "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# await_line NAME PATTERN SECONDS: waits until NAME's output has a line matching PATTERN; fails when NAME has ended
await_line() {
  local name=$1 pattern=$2 seconds=$3 pid=${PIDS[$1]}
  for _ in $(seq $((seconds * 10))); do
    grep -s -q -E "$pattern" "$WORK/$name.out" && return 0
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "$name ended before printing '$pattern':" >&2
      tail -5 "$WORK/$name.err" >&2
      exit 1
    fi
    sleep 0.1
  done
  echo "$name did not print '$pattern' within $seconds s" >&2
  exit 1
}

# launch NAME ARGS...: starts `faults ARGS` as NAME, appending to NAME.out and NAME.err
launch() {
  local name=$1
  shift
  # shellcheck disable=SC2086
  java $JVM_OPTS -jar "$JAR" faults "$@" >>"$WORK/$name.out" 2>>"$WORK/$name.err" &
  PIDS[$name]=$!
}

# the number of lines NAME.out has: a process started again awaits the lines after these
lines_of() { if [ -f "$WORK/$1.out" ]; then wc -l <"$WORK/$1.out"; else echo 0; fi; }

# await_new_line NAME PATTERN SECONDS SKIP: as await_line, after the first SKIP lines of NAME.out
await_new_line() {
  local name=$1 pattern=$2 seconds=$3 skip=$4 pid=${PIDS[$1]}
  for _ in $(seq $((seconds * 10))); do
    tail -n +$((skip + 1)) "$WORK/$name.out" 2>/dev/null | grep -q -E "$pattern" && return 0
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "$name ended before printing '$pattern':" >&2
      tail -5 "$WORK/$name.err" >&2
      exit 1
    fi
    sleep 0.1
  done
  echo "$name did not print '$pattern' within $seconds s" >&2
  exit 1
}

ZK_PORT=$(free_port)
declare -A PORT=([p1]=$(free_port) [p2]=$(free_port) [p3]=$(free_port))

start_zookeeper() {
  local skip
  skip=$(lines_of zookeeper)
  launch zookeeper zookeeper --port "$ZK_PORT" --data-dir "$WORK/zookeeper-data"
  await_new_line zookeeper '^listening on' 60 "$skip"
}

# launch_provider NAME [provider options...]: starts it; await_new_line NAME '^listening on' waits for it
launch_provider() {
  local name=$1
  shift
  launch "$name" provider --port "${PORT[$name]}" --zookeeper "127.0.0.1:$ZK_PORT" --calls "$WORK/$name.calls" "$@"
}

# start_provider NAME [provider options...]: starts it and waits until it listens (and is registered)
start_provider() {
  local skip
  skip=$(lines_of "$1")
  launch_provider "$@"
  await_new_line "$1" '^listening on' 60 "$skip"
}

# finish NAME SIGNAL: sends SIGNAL and waits for the process to end
finish() {
  local name=$1 signal=$2 pid=${PIDS[$1]}
  kill "-$signal" "$pid"
  wait "$pid" 2>/dev/null || true
  unset "PIDS[$name]"
}

log "work directory: $WORK"
start_zookeeper
launch_provider p1 --version 1.0
launch_provider p2 --version 1.0
await_line p1 '^listening on' 60
await_line p2 '^listening on' 60
launch consumer consumer --zookeeper "127.0.0.1:$ZK_PORT" --rate "$RATE" --threads "$THREADS" --providers 2 \
  --v2-when "$WORK/v2-on"
await_line consumer '^ready' 120
grep '^ready' "$WORK/consumer.out" >&2
sleep "$WARM"
event baseline "2 providers, $RATE calls/s"
sleep "$BASELINE"

event hang "kill -STOP p1"
kill -STOP "${PIDS[p1]}"
sleep "$HANG"
kill -CONT "${PIDS[p1]}"
event hang "kill -CONT p1"
sleep "$QUIET"

event kill-9 "kill -9 p2"
kill -9 "${PIDS[p2]}"
wait "${PIDS[p2]}" 2>/dev/null || true
sleep "$RESTART_AFTER"
start_provider p2 --version 1.0
event kill-9 "p2 started again"
sleep "$QUIET"

event join "p3 starts"
start_provider p3 --version 1.0
event join "p3 listening"
sleep "$QUIET"

event zookeeper "kill -9 ZooKeeper"
finish zookeeper 9
sleep "$OUTAGE"
start_zookeeper
event zookeeper "ZooKeeper started again"
sleep "$QUIET"

event graceful "SIGTERM p2"
finish p2 TERM
event graceful "p2 ended"
sleep "$QUIET"

event mixed "p2 starts with the v2 interface (version 2.0)"
start_provider p2 --version 2.0 --v2
touch "$WORK/v2-on"
event mixed "v2 method called"
sleep "$MIXED"
rm -f "$WORK/v2-on"
event mixed "v2 method no longer called"
sleep 3

event end "SIGTERM consumer"
finish consumer TERM
for name in p1 p2 p3; do finish "$name" TERM; done
finish zookeeper TERM

{
  echo "# RPC fault table $(date -u +%Y-%m-%dT%H:%MZ)"
  echo
  echo "- machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the end," \
       "$(java -version 2>&1 | head -1), $(uname -r)"
  echo "- command: RATE=$RATE THREADS=$THREADS HANG=$HANG RESTART_AFTER=$RESTART_AFTER OUTAGE=$OUTAGE MIXED=$MIXED" \
       "QUIET=$QUIET bench/rpc-faults.sh (JVM_OPTS=\"$JVM_OPTS\")"
  echo "- processes: one ZooKeeper server, providers p1 p2 (p3 joins), one consumer; brisk-rpc's default options;" \
       "ZooKeeper registry with its defaults (session timeout 30 s)"
  python3 - "$WORK" "p1=${PORT[p1]}" "p2=${PORT[p2]}" "p3=${PORT[p3]}" <<'PY'
import collections, os, re, statistics, sys

work = sys.argv[1]
provider_of_port = {int(arg.split("=")[1]): arg.split("=")[0] for arg in sys.argv[2:]}
events = []   # (ms, phase, what)
for line in open(os.path.join(work, "events.tsv")):
    ms, phase, what = line.rstrip("\n").split("\t")
    events.append((int(ms), phase, what))

seconds = []   # dicts of the consumer's per-second lines
summary = None
registry = []   # (ms, "p1/1.0 p2/1.0"): the provider sets the consumer's registry reported
for line in open(os.path.join(work, "consumer.out")):
    if line.startswith("providers at="):
        _, at, listed = line.split()
        members = sorted(provider_of_port.get(int(p.split("/")[0].rsplit(":", 1)[1]), p) + "/" + p.split("/", 1)[1]
                         for p in listed.split(",") if p != "-")
        registry.append((int(at.split("=")[1]), " ".join(members) or "none"))
    elif line.startswith("second=") or line.startswith("summary "):
        fields = dict(kv.split("=", 1) for kv in line.split() if "=" in kv)
        if line.startswith("summary "):
            summary = fields
        else:
            seconds.append(fields)

# the calls the providers ran: id -> [(ms, provider, method)]
runs = collections.defaultdict(list)
per_provider = collections.defaultdict(list)   # provider -> [ms]
for name in ("p1", "p2", "p3"):
    path = os.path.join(work, name + ".calls")
    if not os.path.exists(path):
        continue
    for line in open(path):
        parts = line.split()
        if len(parts) != 3:
            continue
        ms, call, method = int(parts[0]), int(parts[1]), parts[2]
        runs[call].append((ms, name, method))
        per_provider[name].append(ms)
duplicates = []   # (ms of the second run, id, runs)
for call, ran in runs.items():
    if len(ran) > 1:
        ran.sort()
        duplicates.append((ran[1][0], call, ran))

phases = []   # (phase, start ms, end ms, [what...])
for ms, phase, what in events:
    if phases and phases[-1][0] == phase:
        phases[-1][3].append((ms, what))
    else:
        if phases:
            phases[-1][2] = ms
        phases.append([phase, ms, None, [(ms, what)]])
phases[-1][2] = phases[-1][1]
baseline = next(p for p in phases if p[0] == "baseline")
in_window = lambda s, start, end: start < int(s["at"]) <= end
healthy = statistics.median(int(s["ok"]) for s in seconds if in_window(s, baseline[1], baseline[2]))
threshold = 0.9 * healthy

def failures(rows):
    types = collections.Counter()
    for s in rows:
        if s["failures"] != "-":
            for item in s["failures"].split(","):
                kind, count = item.rsplit(":", 1)
                types[kind] += int(count)
    return types

def share(provider, start, end):
    total = sum(1 for times in per_provider.values() for t in times if start <= t < end)
    mine = sum(1 for t in per_provider.get(provider, []) if start <= t < end)
    return f"{100 * mine / total:.0f} %" if total else "n/a"

def first_call(provider, after):
    later = [t for t in per_provider.get(provider, []) if t > after]
    return f"{(min(later) - after) / 1000:.1f} s" if later else "never"

def stopped_in(provider):
    found = re.findall(r"stopped in (\d+) ms", open(os.path.join(work, provider + ".out")).read())
    return found[0] + " ms" if found else "?"

names = {"hang": "hang (SIGSTOP 1 of 2)", "kill-9": "kill -9 + restart", "join": "third provider joins",
         "zookeeper": "ZooKeeper outage", "graceful": "graceful stop (SIGTERM)", "mixed": "mixed fleet v1 + v2"}
print()
print(f"Healthy rate {healthy:.0f} calls/s (median over the {len([s for s in seconds if in_window(s, baseline[1], baseline[2])])} "
      f"s baseline), so the threshold is {threshold:.0f}/s.")
print()
print("| fault | calls failed | failed by type | dropped | lowest ok/s | seconds below 90 % | rebalance time | max p99 ms "
      "| duplicates | notes |")
print("|---|---:|---|---:|---:|---:|---:|---:|---:|---|")
for phase, start, end, marks in phases:
    if phase not in names:
        continue
    rows = [s for s in seconds if in_window(s, start, end)]
    failed = sum(int(s["failed"]) for s in rows)
    types = failures(rows)
    dropped = sum(int(s["dropped"]) for s in rows)
    below = [s for s in rows if int(s["ok"]) < threshold]
    rebalance = f"{(int(below[-1]['at']) - start) / 1000:.0f} s" if below else "0 s"
    lowest = min((int(s["ok"]) for s in rows), default=0)
    p99 = max((float(s["p99_ms"]) for s in rows), default=0)
    dups = sum(1 for t, _, _ in duplicates if start <= t < end)
    notes = ""
    if phase == "hang":
        resumed = marks[-1][0]
        notes = f"p1 ran a call {first_call('p1', resumed)} after SIGCONT"
    elif phase == "kill-9":
        restarted = marks[-1][0]
        notes = (f"p2 ran a call {first_call('p2', restarted)} after it listened again; "
                 f"its share of the last 5 s: {share('p2', end - 5000, end)}")
    elif phase == "join":
        joined = marks[-1][0]
        notes = (f"p3 ran a call {first_call('p3', joined)} after it listened; "
                 f"its share of the last 5 s: {share('p3', end - 5000, end)}")
    elif phase == "zookeeper":
        back = marks[-1][0]
        notes = f"ZooKeeper down {(back - start) / 1000:.0f} s"
    elif phase == "graceful":
        notes = f"p2 stopped in {stopped_in('p2')}"
    elif phase == "mixed":
        v2_ok = sum(int(s["v2_ok"]) for s in rows)
        v2_failed = sum(int(s["v2_failed"]) for s in rows)
        notes = f"v2-only method: {v2_ok} ok, {v2_failed} failed; p2 (v2) share: {share('p2', marks[-2][0], marks[-1][0])}"
    by_type = ", ".join(f"{k} {v}" for k, v in types.most_common()) or "-"
    print(f"| {names[phase]} | {failed} | {by_type} | {dropped} | {lowest} | {len(below)} | {rebalance} | {p99:.0f} "
          f"| {dups} | {notes} |")
print()
if summary:
    print(f"Whole run: {summary['ok']} calls answered ({summary['refused']} of them business exceptions), "
          f"{summary['failed']} failed, {summary['dropped']} dropped, p99 {summary['p99_ms']} ms; "
          f"{len(runs)} calls recorded by the providers, {len(duplicates)} run twice.")
for t, call, ran in sorted(duplicates)[:10]:
    print(f"- duplicate: call {call}: " + ", ".join(f"{p} {m} at {ms}" for ms, p, m in ran))
print()
print("Faults as injected, and the providers the consumer's registry reported (seconds from the baseline):")
print()
timeline = [(ms, f"{phase}: {what}") for ms, phase, what in events]
timeline += [(ms, f"registry: {listed}") for ms, listed in registry if ms >= baseline[1]]
for ms, what in sorted(timeline):
    print(f"- {(ms - baseline[1]) / 1000:6.1f} s {what}")
PY
  echo
} | tee "$REPORT"
log "report: $REPORT; raw files: $WORK"
