#!/usr/bin/env bash
# Runs the JMH micro-benchmarks that live among a module's tests (they measure its internals, which no other module
# may reach), with JMH's own command line.
#
# usage: bench/jmh.sh <module> [JMH arguments...]
#   bench/jmh.sh brisk-http Http1RoundTrip -f 1 -wi 3 -i 5 -prof gc
#   bench/jmh.sh brisk-rest RouterBenchmark -prof gc
set -euo pipefail
cd "$(dirname "$0")/.."
module="${1:?usage: bench/jmh.sh <module> [JMH arguments...]}"
shift
mvn -B -ntp -q -pl "$module" -am test-compile -Dmaven.test.skip.exec=true
classpath_file="$PWD/$module/target/jmh-classpath.txt"
mvn -B -ntp -q -pl "$module" dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$classpath_file"
exec java -cp "$module/target/test-classes:$module/target/classes:$(cat "$classpath_file")" org.openjdk.jmh.Main "$@"
