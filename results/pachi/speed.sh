#!/bin/sh
# Measures, just before a match against Pachi, the playouts each engine
# runs in T seconds of one thread on 9x9 Go (results/pachi/README.md,
# "Speed"): moku's `moku-analyze` with --stop-early=false (its budget)
# from the empty board and after e5, and Pachi's own games/s on
# `genmove b` from the empty board and after White e5, RUNS times each,
# alternating; then the means, rounded down to hundreds, to give the match.
#
#   cd /tmp/pachi && sh results/pachi/speed.sh MOKU [RUNS [T [moku flags...]]]
#
# THREADS=2 in the environment measures both engines on two threads
# (Pachi's games/s is then its total over both).
#
# Run it from Pachi's directory (Pachi reads its pattern files from the
# directory it runs in) with nothing else on the machine.
set -eu
moku=$1
runs=${2:-3}
t=${3:-1}
shift $(($# < 3 ? $# : 3))
pachi=${PACHI:-./pachi}
threads=${THREADS:-1}
[ -x "$pachi" ] || { echo "speed.sh: no Pachi at $pachi (set PACHI)" >&2; exit 2; }
# Pachi's budget: a fixed count its speed reaches in about T s (as in
# the README's runs, -t =10000 for 1 s), not -t T, which keeps a
# latency reserve.
budget=$(awk -v t="$t" 'BEGIN { printf "%d", t * 10000 }')
m=""
p=""
i=0
while [ "$i" -lt "$runs" ]; do
	for n in $(printf 'moku-analyze\nplay b e5\nmoku-analyze\nquit\n' |
		"$moku" gtp --game go --board 9x9 --komi 7.5 --time "$t" --playouts 0 --threads "$threads" --stop-early=false "$@" 2>/dev/null |
		sed -n 's/^playouts \([0-9]*\).*/\1/p'); do
		m="$m $n"
	done
	for setup in "" "play w e5"; do
		n=$(printf 'boardsize 9\nkomi 7.5\n%s\ngenmove b\nquit\n' "$setup" |
			"$pachi" --nodcnn -t "=$budget" threads="$threads",pondering=0,pass_all_alive 2>&1 |
			sed -n 's/.*(\([0-9][0-9]*\) games\/s.*/\1/p' | head -1)
		p="$p $n"
	done
	i=$((i + 1))
done
echo "moku playouts in $t s:$m"
echo "Pachi games/s:$p"
echo "$m" | awk -v t="$t" '{ s = 0; for (i = 1; i <= NF; i++) s += $i; printf "moku: mean %d, take %d\n", s / NF, int(s / NF / 100) * 100 }'
echo "$p" | awk -v t="$t" '{ s = 0; for (i = 1; i <= NF; i++) s += $i; printf "Pachi: mean %d games/s, take %d playouts in %s s\n", s / NF, int(s * t / NF / 100) * 100, t }'
