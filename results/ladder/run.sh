#!/bin/sh
# Plays (or resumes) the ladder matches of docs/results.md, "Ladder".
#
#   results/ladder/run.sh BINARY MATCH...
#
# BINARY is a fixed moku binary (go build -o /tmp/moku-ladder ./cmd/moku);
# each MATCH is <game>/<pairing>, e.g. keil5/10k-1k, and GAMES (default 100)
# the number of games it should reach (a pairing may carry a suffix after a
# dot, kee7-3p/random-1k-10k.2, for a second directory of the same
# pairing). Every match runs under nice -n 19, one search thread an engine,
# and resumes from the games saved in its directory.
#
# Seeds: the engines are deterministic for a seed, so a match resumed with
# the same command lines would replay its first games move for move (moku
# ladder skips such replays). So engine i of a two-player match gets the
# seed SEED + 10 * (games already saved) + i: a resumed match plays new
# games (the referee of two engines does not compare command lines). A
# three-player match must be resumed with the same command lines, so its
# seeds stay SEED + i, and fresh engines meeting the seating of an earlier
# start (game 1, or the first game of an earlier resumption) replay it:
# the seatings repeat every 6 games. Better play more games in a new
# directory with another SEED: SEED=100 run.sh BIN kee7-3p/random-1k-10k.2
#
# MATCH_SEED, if set, is passed to moku match as --seed: the referee
# seeds moku engines before each game from it and the game's number
# (moku-seed), so a second directory of a pairing played beside the
# first (keil7/100k-10k.2) needs its own MATCH_SEED to play new games.
#
# FLAGS, if set, is added to every moku engine's command line: a binary
# newer than the ladder's first (08f92de) needs FLAGS=--heavy=false to
# play the same light-playout search (results/NOTES.md, "Ladder", says which games
# which binary played).
#
# KOMI, if set, is passed to moku match as --komi (the referee tells the
# engines): the web app's Keil games set their komi by the komi pie, where
# the computer levels propose 4 on side 5, so the levels of Keil are
# measured at KOMI=4 too.
#
# OUT, if set, is the directory the matches go to instead of this one's
# (results/anchors keeps the matches behind the web app's rating anchors:
# OUT=results/anchors results/ladder/run.sh BIN go9/1k-300). A rung is
# "random", N playouts ("300") or N thousand ("10k"), or rN: one playout
# a move with N% of the moves random (--random-moves, "r50"), the rungs
# between the random player and the search; tN or tNk is the search at
# N or N thousand playouts tuned as the web app's computer plays the games
# it tunes (computer.Tuned): --tuned --keep-tree=false, after FLAGS.
set -eu
bin=$1
shift
games=${GAMES:-100}
seed=${SEED:-0}
here=${OUT:-$(dirname "$0")}
for m in "$@"; do
	g=${m%%/*}
	p=${m#*/}
	case $g in
	keil5) flags="--game keil --board hex:5" ;;
	keil7) flags="--game keil --board hex:7" ;;
	ki11) flags="--game ki --board 11x11" ;;
	kee9) flags="--game kee --board 9x9" ;;
	go9) flags="--game go --board 9x9" ;;
	kee7-3p) flags="--game kee --players 3 --board 7x7" ;;
	*) echo "unknown game $g" >&2; exit 2 ;;
	esac
	base=$seed
	if [ "$g" != kee7-3p ] && [ -d "$here/$g/$p" ]; then
		saved=$(ls "$here/$g/$p" | grep -c '^game-.*\.sgf$' || true)
		base=$((seed + 10 * saved))
	fi
	set --
	i=0
	for r in $(echo "${p%%.*}" | tr '-' ' '); do
		i=$((i + 1))
		case $r in
		random) e="$bin gtp $flags --player random --seed $((base + i))" ;;
		t[0-9]*)
			n=${r#t}
			case $n in *k) n=${n%k}000 ;; esac
			e="$bin gtp $flags --playouts $n --seed $((base + i))${FLAGS:+ $FLAGS} --tuned --keep-tree=false"
			;;
		r[0-9]*) e="$bin gtp $flags --playouts 1 --random-moves 0.${r#r} --seed $((base + i))${FLAGS:+ $FLAGS}" ;;
		*k) e="$bin gtp $flags --playouts ${r%k}000 --seed $((base + i))${FLAGS:+ $FLAGS}" ;;
		*[0-9]) e="$bin gtp $flags --playouts $r --seed $((base + i))${FLAGS:+ $FLAGS}" ;;
		*) echo "unknown rung $r" >&2; exit 2 ;;
		esac
		set -- "$@" "--engine$i" "$e"
	done
	echo "$(date -u +%FT%TZ) $m: $(uptime)" >&2
	# shellcheck disable=SC2086
	nice -n 19 "$bin" match $flags --games "$games" --time 600s --quiet --out "$here/$g/$p"${MATCH_SEED:+ --seed $MATCH_SEED}${KOMI:+ --komi $KOMI} "$@"
done
