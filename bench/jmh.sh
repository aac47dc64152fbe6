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
classpath_file="$PWD/$module/target/jmh-classpath.txt"
# one reactor build, so that the module's Brisk dependencies resolve to their target/classes (nothing is installed);
# every module of the reactor writes the file, the module itself (built last) has the final word
mvn -B -ntp -q -Pbenchmarks -pl "$module" -am test-compile dependency:build-classpath -Dmaven.test.skip.exec=true \
    -Dmdep.includeScope=test -Dmdep.outputFile="$classpath_file"
exec java -cp "$module/target/test-classes:$module/target/classes:$(cat "$classpath_file")" org.openjdk.jmh.Main "$@"
