#!/bin/sh
# Counts the instructions one op of a Go benchmark executes, which, unlike
# its time, neither the load of the machine nor a virtual machine's drift
# disturbs: valgrind's cachegrind counts them in two runs of the
# benchmark's test binary (GOMAXPROCS=1), at SMALL and LARGE ops, and the
# difference over LARGE-SMALL leaves out what the binary does once
# (starting, loading tables and weights, and the benchmark's first run
# of one op, which `go test` makes before any count above 1: SMALL must
# be 2 or more).
#
#   sh scripts/instructions.sh ./playout 'Go9x9Heavy$' [SMALL LARGE]
#
# Needs valgrind (Debian: apt-get install valgrind). Compare two commits
# by running it in a checkout of each.
set -eu
pkg=$1
bench=$2
small=${3:-2000}
large=${4:-6000}
[ "$small" -ge 2 ] && [ "$large" -gt "$small" ] || { echo "instructions.sh: need 2 <= SMALL < LARGE" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "instructions.sh: valgrind is missing (apt-get install valgrind)" >&2; exit 2; }
bin=$(mktemp)
trap 'rm -f "$bin"' EXIT
go test -c -o "$bin" "$pkg"
count() {
	(cd "$pkg" && GOMAXPROCS=1 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
		"$bin" -test.run XXX -test.bench "$bench" -test.benchtime "$1x" 2>&1 >/dev/null) |
		sed -n 's/.*I *refs: *//p' | tr -d ,
}
a=$(count "$small")
b=$(count "$large")
echo "$pkg $bench: $(( (b - a) / (large - small) )) instructions an op ($small ops: $a, $large ops: $b)"
