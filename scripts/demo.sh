#!/usr/bin/env bash
# Builds what the bookshop demo needs (the examples module and the modules it uses, tests skipped) into
# examples/target/brisk-demo.jar and starts it: README.md, "Run the demo". Arguments go to the JVM's main class;
# set the port with PORT=8081 scripts/demo.sh, or JAVA_OPTS="-Dport=8081".
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian's Maven 3.8 writes a colour reset (ESC [0m) before and after its output even in batch mode; this stops it.
export MAVEN_OPTS="${MAVEN_OPTS:-} -Djansi.noreset=true"
# One module per core at a time; the import checks are for `mvn verify`, not for starting the demo.
mvn -B -ntp -Dstyle.color=never -T 1C -Dcheckstyle.skip -pl examples -am package -DskipTests

# shellcheck disable=SC2086 # JAVA_OPTS holds several options
exec java ${JAVA_OPTS:-} -jar examples/target/brisk-demo.jar "$@"
