#!/bin/sh
# Plays the rest of the ladder on two cores: two queues of run.sh, one
# match at a time each, in the background; each match resumes from the
# games in its directory, and one that has all its games ends at once.
#
#   results/ladder/queue.sh BINARY
#
# BINARY plays the ladder's moves: a binary built at commit b17c952 or
# later, run with FLAGS=--heavy=false, that plays the same moves as the
# ladder's first binary (08f92de) for the same seed: same.sh checks it.
# The queues log to results/ladder/queue-{a,b}.log (not kept in git).
# To stop: kill the two queue shells, then
#   pkill -INT -f "$BINARY match"
# (a match stopped with Ctrl-C keeps every finished game).
set -eu
bin=$1
here=$(dirname "$0")
export FLAGS=--heavy=false
(
	sh "$here/run.sh" "$bin" ki11/100k-10k keil5/100k-10k keil7/100k-10k
) > "$here/queue-a.log" 2>&1 &
(
	GAMES=90 SEED=100 sh "$here/run.sh" "$bin" kee7-3p/random-1k-10k.2
	sh "$here/run.sh" "$bin" kee9/100k-10k
	SEED=200 sh "$here/run.sh" "$bin" kee7-3p/1k-10k-100k
) > "$here/queue-b.log" 2>&1 &
echo "queues started; logs in $here/queue-a.log and $here/queue-b.log"
