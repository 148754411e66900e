#!/bin/sh
# Plays (or resumes) the direct matches between the web app's adjacent
# computer levels (computer.Levels) in every game, on its web board with
# the web's settings: heavy playouts, one thread, resigning on; the tuned
# search without the kept tree for the games the web tunes (9x9 Go, Ki
# 11x11: rungs tN), the untuned search for the others (Keil side 5, Kee
# 9x9). Two queues on the two cores, one match at a time each, at nice
# 19 (results/ladder/run.sh), each match resuming from its saved games.
#
#   results/anchors/levels.sh BINARY
#
# The games go to results/anchors/levels/<game>/<pairing>; fit each with
# the lower level as its anchor, for example
#
#   moku ladder --anchor "10k --heavy --tuned --keep-tree=false" results/anchors/levels/go9/t30k-t10k
#
# GAMES (default 30) games a pairing, 60 for 9x9 Go's top one (the web's
# most played game); MATCH_SEED (default 3) seeds each game afresh.
# Logs: results/anchors/levels-{a,b}.log (not kept in git).
set -eu
bin=$1
here=$(dirname "$0")
ladder=$here/../ladder/run.sh
games=${GAMES:-30}
export OUT=$here/levels MATCH_SEED=${MATCH_SEED:-3} FLAGS="${FLAGS:-} --tuned=false"
(
	GAMES=$games sh "$ladder" "$bin" go9/t1k-random go9/t10k-t1k
	GAMES=$((2 * games)) sh "$ladder" "$bin" go9/t30k-t10k
	GAMES=$games sh "$ladder" "$bin" keil5/1k-random keil5/10k-1k keil5/30k-10k
) > "$here/levels-a.log" 2>&1 &
(
	GAMES=$games sh "$ladder" "$bin" ki11/t1k-random ki11/t10k-t1k ki11/t30k-t10k kee9/1k-random kee9/10k-1k kee9/30k-10k
) > "$here/levels-b.log" 2>&1 &
echo "queues started; logs in $here/levels-a.log and $here/levels-b.log"
