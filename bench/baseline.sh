#!/usr/bin/env bash
# Builds the benchmark launcher of an earlier commit once and prints the path of its jar, so that a benchmark can run
# that build beside this checkout's (IMPL@NAME=JAR in bench/http*.sh, bench/rpc*.sh): the pinned baseline that shows
# a regression as a ratio below 1 in the report (bench/report.sh runs brisk-http of this build beside the peers).
#
# usage: bench/baseline.sh [COMMIT]     (default: the commit named in bench/baseline-commit)
# The jar is kept as bench/results/baseline-<commit>.jar; the build happens in a temporary git worktree.
set -euo pipefail
cd "$(dirname "$0")/.."

commit=$(git rev-parse --short=8 "${1:-$(head -1 bench/baseline-commit)}^{commit}")
jar=bench/results/baseline-$commit.jar
if [ ! -f "$jar" ]; then
  mkdir -p bench/results
  tree=$(mktemp -d)
  trap 'git worktree remove --force "$tree" >/dev/null 2>&1 || rm -rf "$tree"' EXIT
  git worktree add --detach -q "$tree" "$commit"
  echo "[baseline] building the launcher of $commit (mvn -Pbenchmarks -pl brisk-benchmarks -am package)" >&2
  (cd "$tree" && { mvn -B -ntp -q -o -Pbenchmarks -pl brisk-benchmarks -am package -DskipTests >&2 \
    || mvn -B -ntp -q -Pbenchmarks -pl brisk-benchmarks -am package -DskipTests >&2; })
  cp "$tree/brisk-benchmarks/target/brisk-benchmarks.jar" "$jar"
fi
echo "$jar"
