#!/bin/sh
# Checks that a newer moku binary plays the ladder's moves: both binaries
# make 80 genmoves (alternating colours) from the empty board of each
# ladder game at a fixed seed, and their GTP answers must be identical.
#
#   results/ladder/same.sh OLD NEW
#
# OLD is the ladder's first binary (commit 08f92de, light playouts only);
# NEW gets FLAGS (default --heavy=false) as run.sh passes them.
set -eu
old=$1
new=$2
flags=${FLAGS:---heavy=false}
script=$(mktemp)
trap 'rm -f "$script"' EXIT
i=0
while [ $i -lt 40 ]; do
	printf 'genmove b\ngenmove w\n' >>"$script"
	i=$((i + 1))
done
echo quit >>"$script"
status=0
for game in "--game keil --board hex:5 --playouts 1000" "--game keil --board hex:7 --playouts 10000" \
	"--game kee --board 9x9 --playouts 1000" "--game kee --players 3 --board 7x7 --playouts 1000" \
	"--game ki --board 11x11 --playouts 1000"; do
	# shellcheck disable=SC2086
	a=$("$old" gtp $game --seed 7 <"$script" | cksum)
	# shellcheck disable=SC2086
	b=$("$new" gtp $game --seed 7 $flags <"$script" | cksum)
	if [ "$a" = "$b" ]; then
		echo "same moves: $game"
	else
		echo "DIFFERENT moves: $game"
		status=1
	fi
done
exit $status
