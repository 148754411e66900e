#!/bin/sh
# Plays the matches behind the web app's rating anchors (package computer,
# docs/results.md "Rating anchors") on two cores: two queues of
# results/ladder/run.sh, one match at a time each, at nice 19, each match
# resuming from the games saved in its directory.
#
#   results/anchors/queue.sh BINARY
#
# Every game on its web board (Keil hex:5, Kee 9x9, Ki 11x11, Go 9x9), the
# web's heavy playouts, one thread, untuned (--tuned=false: the search's
# defaults, search.DefaultOptions). The rungs climb from the random player
# by steps that lose some games: one playout a move with 75%, 50% and 25%
# of the moves random (r75, r50, r25), then 1, 3, 10, 30, 100, 300, 1k,
# 3k, 10k and 30k playouts a move. GAMES (default 30) games a pairing;
# MATCH_SEED (default 1) seeds each game afresh (moku match --seed).
# Logs: results/anchors/queue-{a,b}.log (not kept in git). To stop: kill
# the queue shells, then pkill -INT -f "BINARY match".
set -eu
bin=$1
here=$(dirname "$0")
ladder=$here/../ladder/run.sh
export OUT=$here GAMES=${GAMES:-30} MATCH_SEED=${MATCH_SEED:-1} FLAGS="${FLAGS:-} --tuned=false"
pairs="r75-random r50-r75 r25-r50 1-r25 3-1 10-3 30-10 100-30 300-100 1k-300 3k-1k 10k-3k 30k-10k"
queue() {
	for p in $pairs; do
		for g in "$@"; do
			sh "$ladder" "$bin" "$g/$p"
		done
	done
}
queue go9 keil5 > "$here/queue-a.log" 2>&1 &
queue kee9 ki11 > "$here/queue-b.log" 2>&1 &
echo "queues started; logs in $here/queue-a.log and $here/queue-b.log"
# The web's levels of the games it tunes (computer.Tuned: 9x9 Go, Ki
# 11x11) play the tuning without the kept tree (rungs tN: --tuned
# --keep-tree=false): the tuned 1k placed on the untuned chain by 30
# games against the untuned 3k (t1k-3k), each tuned level then against
# the one below; Go's top level in 60 games (a second directory with its
# own seed); Ki's tuned 10k, which won every game against the tuned 1k,
# placed by 30 games against the untuned 30k too (t10k-30k).
(
	for p in t1k-3k t10k-t1k t30k-t10k; do
		sh "$ladder" "$bin" "go9/$p"
	done
	MATCH_SEED=2 sh "$ladder" "$bin" go9/t30k-t10k.2
	for p in t1k-3k t10k-t1k t30k-t10k t10k-30k; do
		sh "$ladder" "$bin" "ki11/$p"
	done
) > "$here/queue-d.log" 2>&1 &
# Ki's search at 1 to 3 playouts loses every game to one diluted by random
# moves, and 30 playouts beats 10, and 1k beats 300, in every game: the
# chain of rungs breaks there, so Ki gets bridging pairings of its own.
(
	for p in 10-r25 20-10 30-20 500-300 1k-500; do
		sh "$ladder" "$bin" "ki11/$p"
	done
) > "$here/queue-c.log" 2>&1 &
